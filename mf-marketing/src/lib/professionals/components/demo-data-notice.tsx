import styled from 'styled-components';
import { useMarketplaceStats } from '../api/get-marketplace-stats';

const Note = styled.p`
  max-width: 72rem;
  margin: 0 auto;
  padding: 0.5rem 1.25rem 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.mutedText};
`;

/**
 * One quiet line while the database holds generated demo accounts, so nobody mistakes the
 * listings, reviews and figures for real people and outcomes. Nothing on a real deployment.
 */
export function DemoDataNotice() {
  const { data } = useMarketplaceStats();
  if (!data || data.demo_accounts === 0) return null;
  return (
    <Note role="note">
      Demo data: the professionals, businesses and reviews listed here are generated examples, not
      real people.
    </Note>
  );
}
