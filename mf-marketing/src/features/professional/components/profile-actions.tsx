import { Button, Cluster, useSession } from '@promatch/shared';
import { Link, useLocation } from 'react-router-dom';

/**
 * 'Message' and 'Book a call' for signed-in businesses; a sign-in prompt for visitors. Both open
 * the messaging app by URL: the conversation with this professional, booking form open for the call.
 */
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
    <Cluster as="p">
      <Button as={Link} to={`/messages?to=${id}`}>
        Message
      </Button>
      <Button as={Link} to={`/messages?to=${id}&book=1`} $variant="outline">
        Book a call
      </Button>
    </Cluster>
  );
}
