import { Button, Cluster } from '@promatch/shared';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

/**
 * The id of the banner the shell's server draws into a server-rendered page, outside the
 * hydrated root, for a visitor who has not chosen yet: the banner is on the first screen, so the
 * page's first paint includes it instead of the banner appearing seconds later as the page's
 * largest element. The live banner replaces it once the page is idle.
 */
export const SERVER_COOKIE_BANNER_ID = 'promatch-cookie-banner-server';

const Banner = styled.section`
  position: fixed;
  inset: auto 1rem 1rem 1rem;
  z-index: 50;
  max-width: 48rem;
  margin: 0 auto;
  padding: 1rem 1.25rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.md};
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1.25rem;
  align-items: center;
  justify-content: space-between;
`;

const Message = styled.p`
  margin: 0;
  flex: 1 1 20rem;
`;

interface CookieBannerViewProps {
  onChoose?: (status: 'accepted' | 'rejected') => void;
}

/** The banner's markup; without `onChoose` (the server's copy) its buttons are disabled. */
export function CookieBannerView({ onChoose }: CookieBannerViewProps) {
  const disabled = onChoose === undefined;
  return (
    <Banner aria-label="Cookie consent">
      <Message>
        We use essential cookies to run ProMatch and, with your consent, analytics cookies to
        improve it. <Link to="/cookies">Read our cookie policy</Link>.
      </Message>
      <Cluster $nowrap $align="stretch">
        <Button
          type="button"
          $variant="outline"
          disabled={disabled}
          onClick={() => onChoose?.('rejected')}
        >
          Essential only
        </Button>
        <Button type="button" disabled={disabled} onClick={() => onChoose?.('accepted')}>
          Accept analytics
        </Button>
      </Cluster>
    </Banner>
  );
}
