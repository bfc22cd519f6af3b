import { Button, Page, useSeo } from '@promatch/shared';
import { Link, useSearchParams } from 'react-router-dom';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * /unsubscribe?email=&token=: where every newsletter e-mail's link lands. One button unsubscribes
 * the address (a button rather than on load, so mail scanners that open links change nothing).
 */
export function UnsubscribePage() {
  useSeo({
    title: 'Unsubscribe from the newsletter',
    description: 'Stop receiving the ProMatch newsletter.',
    path: '/unsubscribe',
    noIndex: true,
  });
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  if (!email || !token) {
    return (
      <Page heading="Unsubscribe from the newsletter">
        <p role="alert">
          This unsubscribe link is incomplete. Use the link at the end of your newsletter e-mail as
          it is.
        </p>
      </Page>
    );
  }
  return (
    <Page heading="Unsubscribe from the newsletter">
      {unsubscribe.isSuccess ? (
        <p role="status">{unsubscribe.data}</p>
      ) : (
        <>
          <p>
            Stop sending the ProMatch newsletter to <strong>{email}</strong>?
          </p>
          {unsubscribe.isError ? <p role="alert">{unsubscribe.error.message}</p> : null}
          <Button
            type="button"
            disabled={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate({ email, token })}
          >
            Unsubscribe
          </Button>
        </>
      )}
      <p>
        <Link to="/gdpr">How ProMatch handles your data</Link>
      </p>
    </Page>
  );
}
