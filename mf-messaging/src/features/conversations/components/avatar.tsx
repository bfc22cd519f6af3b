import styled from 'styled-components';

const Circle = styled.span`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: 2.5rem;
  height: 2.5rem;
  border-radius: 50%;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 700;
  font-size: 0.9rem;

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** First letters of up to two words, upper-case; 'U' for a nameless user. */
export const initials = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('') || 'U';

/** The picture when there is one, otherwise initials; decorative (the name is beside it). */
export function Avatar({ name, url }: { name: string; url: string | null | undefined }) {
  return <Circle aria-hidden="true">{url ? <img src={url} alt="" /> : initials(name)}</Circle>;
}
