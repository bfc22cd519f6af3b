import styled from 'styled-components';

export const Stage = styled.div`
  position: relative;
  background: ${({ theme }) => theme.colors.media};
  border-radius: ${({ theme }) => theme.radius};
  overflow: hidden;
  aspect-ratio: 16 / 9;
  width: 100%;

  video {
    width: 100%;
    height: 100%;
    object-fit: contain;
    display: block;
  }
`;

export const SelfView = styled.div`
  position: absolute;
  right: 0.75rem;
  bottom: 0.75rem;
  width: min(28%, 14rem);
  aspect-ratio: 16 / 9;
  border: 2px solid ${({ theme }) => theme.colors.onMedia};
  border-radius: 0.5rem;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.mediaSurface};
`;

export const Overlay = styled.p`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  margin: 0;
  color: ${({ theme }) => theme.colors.onMedia};
  font-size: 1.1rem;
  text-align: center;
  padding: 1rem;
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  align-items: center;
  justify-content: center;
  margin: 1rem 0;
`;

export const Wrap = styled.div`
  max-width: 64rem;
  margin: 0 auto;
  padding: 1.5rem 1rem;

  h1 {
    margin-top: 0;
    font-size: 1.4rem;
  }
`;

export const Notice = styled.p`
  padding: 2rem;
  text-align: center;
`;
