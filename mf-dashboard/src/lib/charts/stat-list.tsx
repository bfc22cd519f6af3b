import styled from 'styled-components';

const List = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
  gap: 0.75rem;
  margin: 0 0 2rem;
  > div {
    padding: 0.75rem 1rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
  }
  dt {
    color: ${({ theme }) => theme.colors.mutedText};
    font-size: 0.9rem;
  }
  dd {
    margin: 0.25rem 0 0;
    font-size: 1.5rem;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
`;

/** Headline figures as a description list: each name with its value. */
export function StatList({ stats }: { stats: readonly { label: string; value: string }[] }) {
  return (
    <List>
      {stats.map((stat) => (
        <div key={stat.label}>
          <dt>{stat.label}</dt>
          <dd>{stat.value}</dd>
        </div>
      ))}
    </List>
  );
}
