import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { VisuallyHidden } from './card';

/**
 * Scrolls a wide table sideways on a narrow screen instead of breaking the page. It is a named,
 * focusable region so keyboard users can scroll it too (a scrollable area must be reachable).
 */
const ScrollRegion = styled.div`
  overflow-x: auto;
  margin: 0 0 ${({ theme }) => theme.space.xl};
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

export type CellAlign = 'start' | 'center' | 'end';

/** A table styled from the theme: header cells, row rules, a caption at the start edge. */
export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  caption {
    text-align: start;
    font-weight: 700;
    padding: ${({ theme }) => theme.space.sm} 0;
  }
  th,
  td {
    text-align: start;
    vertical-align: top;
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  thead th {
    font-weight: 600;
    border-bottom: 2px solid ${({ theme }) => theme.colors.borderStrong};
  }
  tbody th {
    font-weight: 400;
  }
  [data-align='center'] {
    text-align: center;
  }
  [data-align='end'] {
    text-align: end;
  }
`;

export interface TableColumn {
  /** The header cell's text (also what a screen reader announces for each cell below it). */
  label: ReactNode;
  /** Stable key when `label` is not a string. */
  key?: string;
  align?: CellAlign;
}

export interface DataTableProps {
  /** Names the table for everyone: shown above it, or only to screen readers with `captionHidden`. */
  caption: ReactNode;
  captionHidden?: boolean;
  /** Column headers, in order: plain strings or `{ label, align }`. */
  columns: readonly (string | TableColumn)[];
  /** The body rows (`<tr>`), each cell's `data-align` matching its column's. */
  children: ReactNode;
  /**
   * A fixed id for the caption, for pages rendered on the server and hydrated in the shell, where a
   * `useId` id would differ between the two trees. Other pages leave it out.
   */
  id?: string;
}

const columnOf = (column: string | TableColumn): TableColumn =>
  typeof column === 'string' ? { label: column, key: column } : column;

/** A captioned data table with one header row, scrolling sideways when the screen is narrow. */
export function DataTable({
  caption,
  captionHidden = false,
  columns,
  children,
  id,
}: DataTableProps) {
  const generatedId = useId();
  const captionId = id ?? generatedId;
  return (
    <ScrollRegion role="region" aria-labelledby={captionId} tabIndex={0}>
      <Table>
        <caption id={captionId}>
          {captionHidden ? <VisuallyHidden>{caption}</VisuallyHidden> : caption}
        </caption>
        <thead>
          <tr>
            {columns.map(columnOf).map((column, index) => (
              <th
                key={column.key ?? (typeof column.label === 'string' ? column.label : index)}
                scope="col"
                data-align={column.align}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Table>
    </ScrollRegion>
  );
}
