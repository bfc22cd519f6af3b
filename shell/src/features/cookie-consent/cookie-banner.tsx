import { useSession } from '@promatch/shared';
import { useLayoutEffect } from 'react';
import { CookieBannerView, SERVER_COOKIE_BANNER_ID } from './cookie-banner-view';

/**
 * Asks once for consent to analytics cookies. The choice lives in the federated store, so the
 * cookie policy page (a remote) shows it and can change it. On a server-rendered page it takes
 * over from the server's copy of the banner, in the same frame.
 */
export function CookieBanner() {
  const status = useSession((state) => state.cookieConsent.status);
  const setCookieConsent = useSession((state) => state.setCookieConsent);
  useLayoutEffect(() => {
    document.getElementById(SERVER_COOKIE_BANNER_ID)?.remove();
  }, []);
  if (status !== 'unset') return null;
  return <CookieBannerView onChoose={setCookieConsent} />;
}
