import { Button, useSession } from '@promatch/shared';
import { Link, useLocation } from 'react-router-dom';

/** 'Message' for signed-in businesses; a sign-in prompt for visitors. */
export function ProfileActions({ id }: { id: string }) {
  const user = useSession((state) => state.user);
  const accountType = useSession((state) => state.accountType);
  const location = useLocation();
  if (!user) {
    const returnTo = encodeURIComponent(location.pathname);
    return (
      <p>
        <Button as={Link} to={`/login?returnTo=${returnTo}`} $variant="cta">
          Sign in to send a message
        </Button>
      </p>
    );
  }
  if (accountType !== 'business') {
    return <p>Only business accounts can message professionals.</p>;
  }
  return (
    <p>
      <Button as={Link} to={`/messages?to=${id}`}>
        Message
      </Button>
    </p>
  );
}
