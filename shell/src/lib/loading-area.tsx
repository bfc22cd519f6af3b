import styled from 'styled-components';

const Status = styled.div`
  min-height: 40vh;
  display: grid;
  place-items: center;
  color: ${({ theme }) => theme.colors.mutedText};
`;

export function LoadingArea({ label }: { label: string }) {
  return (
    <Status role="status" aria-live="polite" aria-busy="true">
      Loading {label}…
    </Status>
  );
}
