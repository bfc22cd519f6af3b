import { Button, useSession } from '@promatch/shared';
import { Link, useLocation } from 'react-router-dom';

/** 'Message' and 'Book a call' for signed-in businesses; a sign-in prompt for visitors. */
export function ProfileActions({ id }: { id: string }) {
  const user = useSession((state) => state.user);
  const accountType = useSession((state) => state.accountType);
  const location = useLocation();
  if (!user) {
    const returnTo = encodeURIComponent(location.pathname);
    return (
      <p>
        <Button as={Link} to={`/login?returnTo=${returnTo}`} $variant="cta">
          Sign in to message or book a call
        </Button>
      </p>
    );
  }
  if (accountType !== 'business') {
    return <p>Only business accounts can message professionals and book calls.</p>;
  }
  return (
    <p style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
      <Button as={Link} to={`/messages?to=${id}`}>
        Message
      </Button>
      <Button as={Link} to={`/messages?book=${id}`} $variant="outline">
        Book a call
      </Button>
    </p>
  );
}
