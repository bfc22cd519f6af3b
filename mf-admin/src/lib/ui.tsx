import type { ReactNode } from 'react';
import styled from 'styled-components';

/** A data table that scrolls sideways on narrow screens instead of breaking the layout. */
export const TableWrap = styled.div`
  overflow-x: auto;
  margin: 0 0 1.5rem;
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.95rem;
  th,
  td {
    text-align: left;
    padding: 0.5rem 0.6rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  th {
    font-weight: 600;
  }
  caption {
    text-align: left;
    font-weight: 600;
    padding: 0.5rem 0;
  }
`;

/** A captioned data table with one header row of column names; `children` are its body rows. */
export function DataTable({
  caption,
  columns,
  children,
}: {
  caption: ReactNode;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <TableWrap>
      <Table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Table>
    </TableWrap>
  );
}

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: flex-end;
  margin: 0 0 1rem;
  label {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    font-weight: 600;
    font-size: 0.9rem;
  }
  input,
  select,
  textarea {
    font: inherit;
    padding: 0.45rem 0.6rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
  }
`;

export const Stack = styled.div`
  display: grid;
  gap: 0.75rem;
  max-width: 40rem;
  label {
    display: grid;
    gap: 0.25rem;
    font-weight: 600;
  }
  input,
  select,
  textarea {
    font: inherit;
    padding: 0.5rem 0.65rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
  }
`;

export const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  margin: 0.25rem 0;
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
  margin: 0.25rem 0 1rem;
`;

export const SectionHeading = styled.h2`
  font-size: 1.3rem;
  margin: 1.5rem 0 0.75rem;
`;
