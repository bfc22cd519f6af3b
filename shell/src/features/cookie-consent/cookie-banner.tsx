import { Button, useSession } from '@promatch/shared';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

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
  box-shadow: 0 10px 30px rgb(15 23 42 / 0.18);
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1.25rem;
  align-items: center;
  justify-content: space-between;
`;

/**
 * Asks once for consent to analytics cookies. The choice lives in the federated store, so the
 * cookie policy page (a remote) shows it and can change it.
 */
export function CookieBanner() {
  const status = useSession((state) => state.cookieConsent.status);
  const setCookieConsent = useSession((state) => state.setCookieConsent);
  if (status !== 'unset') return null;
  return (
    <Banner aria-label="Cookie consent">
      <p style={{ margin: 0, flex: '1 1 20rem' }}>
        We use essential cookies to run ProMatch and, with your consent, analytics cookies to
        improve it. <Link to="/cookies">Read our cookie policy</Link>.
      </p>
      <div style={{ display: 'flex', gap: '0.5rem' }}>
        <Button type="button" $variant="outline" onClick={() => setCookieConsent('rejected')}>
          Essential only
        </Button>
        <Button type="button" onClick={() => setCookieConsent('accepted')}>
          Accept analytics
        </Button>
      </div>
    </Banner>
  );
}
