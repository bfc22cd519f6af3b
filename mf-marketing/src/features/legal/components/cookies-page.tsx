import { Button, Cluster, Page, useSeo, useSession } from '@promatch/shared';

const CHOICE_TEXT = {
  unset: 'You have not made a choice yet.',
  accepted: 'Analytics cookies: allowed.',
  rejected: 'Analytics cookies: not allowed (essential cookies only).',
} as const;

/**
 * The cookie policy, with the visitor's current choice. The choice lives in the federated store:
 * the shell's consent banner sets it, and this page can change it.
 */
export function CookiesPage() {
  const status = useSession((state) => state.cookieConsent.status);
  const setCookieConsent = useSession((state) => state.setCookieConsent);
  useSeo({
    title: 'Cookie Policy',
    description:
      'The essential and analytics cookies ProMatch uses, and how to change your choice at any time.',
    path: '/cookies',
  });
  return (
    <Page
      heading="Cookie Policy"
      lead="ProMatch uses essential cookies to keep you signed in and secure, and analytics cookies only with your consent."
    >
      <section aria-labelledby="cookie-choice">
        <h2 id="cookie-choice">Your cookie choice</h2>
        <p>{CHOICE_TEXT[status]}</p>
        <Cluster as="p">
          <Button
            type="button"
            onClick={() => setCookieConsent('accepted')}
            disabled={status === 'accepted'}
          >
            Allow analytics cookies
          </Button>
          <Button
            type="button"
            $variant="outline"
            onClick={() => setCookieConsent('rejected')}
            disabled={status === 'rejected'}
          >
            Essential cookies only
          </Button>
          <Button type="button" $variant="ghost" onClick={() => setCookieConsent('unset')}>
            Ask me again
          </Button>
        </Cluster>
      </section>
      <h2>Essential cookies</h2>
      <p>
        Keep you signed in (the Supabase session in your browser's storage) and remember your cookie
        and theme choices. They are always on because the site cannot work without them.
      </p>
      <h2>Analytics cookies</h2>
      <p>
        Record which pages you visit and what you do on them, so we can improve ProMatch. They are
        used only after you allow them, and you can withdraw consent here at any time.
      </p>
    </Page>
  );
}
