import styled from 'styled-components';
import { useMarketplaceStats } from '../../../lib/professionals/api/get-marketplace-stats';

const Band = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  gap: 1rem;
  margin: 2.5rem 0;
  padding: 1.5rem;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  text-align: center;
  dd {
    margin: 0;
    font-size: 2rem;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.text};
  }
  dt {
    color: ${({ theme }) => theme.colors.mutedText};
  }
  div {
    display: flex;
    flex-direction: column-reverse;
  }
`;

const count = new Intl.NumberFormat('en-GB');

/**
 * Live figures computed by the database (rpc marketplace_stats), never hard-coded claims. Completed
 * projects are counted from projects whose status is completed; until there is one, the band
 * says nothing about outcomes rather than show a number.
 */
export function StatsBand() {
  const { data, isPending, isError } = useMarketplaceStats();
  if (isError) return null;
  const figure = (value: string | undefined) => (isPending ? '…' : (value ?? '–'));
  return (
    <Band aria-label="ProMatch in numbers" aria-busy={isPending}>
      <div>
        <dt>professionals</dt>
        <dd>{figure(data && count.format(data.professionals))}</dd>
      </div>
      <div>
        <dt>UK towns and cities</dt>
        <dd>{figure(data && count.format(data.cities))}</dd>
      </div>
      <div>
        <dt>average rating</dt>
        <dd>
          {figure(data?.average_rating ? `${Number(data.average_rating).toFixed(1)}/5` : undefined)}
        </dd>
      </div>
      {data && data.completed_projects > 0 ? (
        <div>
          <dt>projects completed successfully</dt>
          <dd>{count.format(data.completed_projects)}</dd>
        </div>
      ) : null}
    </Band>
  );
}
