import { Button, Cluster } from '@promatch/shared';
import styled from 'styled-components';

const Nav = styled(Cluster)`
  margin-top: ${({ theme }) => theme.space.xl};
`;

interface PaginationProps {
  page: number;
  pageCount: number;
  onPage(page: number): void;
}

/** Previous / next with the current position announced; each page is its own URL. */
export function Pagination({ page, pageCount, onPage }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <Nav as="nav" aria-label="Pagination" $gap="lg">
      <Button
        type="button"
        $variant="outline"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous page
      </Button>
      <span aria-live="polite">
        Page {page} of {pageCount}
      </span>
      <Button
        type="button"
        $variant="outline"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Next page
      </Button>
    </Nav>
  );
}
