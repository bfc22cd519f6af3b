import { useSession } from '@promatch/shared';
import { useReminderToasts } from '../features/appointments/api/use-reminder-toasts';
import { useInboxLive } from '../features/conversations/api/use-inbox-live';
import { useOutboxRunner } from '../features/outbox/hooks/use-outbox-runner';
import { UnreadBadge } from '../features/unread/components/unread-badge';

function SignedIn({ userId }: { userId: string }) {
  // Keeps the unread count (and the inbox, when open) live.
  useInboxLive(userId);
  // Queued messages go out on reconnect wherever the user is.
  useOutboxRunner(userId);
  // Appointment reminders (24 hours and 15 minutes before a call) pop up wherever the user is.
  useReminderToasts(userId);
  return <UnreadBadge userId={userId} />;
}

/**
 * What `./UnreadBadge` mounts: the badge, and the runners that must work on every page. The shell
 * loads `./UnreadBadge` in its header on every page for a signed-in visitor, and on pages outside
 * /messages it is the only module of this remote that loads, so the page-wide outbox and reminder
 * runners are assembled here, in the app layer, beside the badge instead of inside it.
 */
export function HeaderBadge() {
  const userId = useSession((state) => (state.mfaRequired ? undefined : state.user?.id));
  return userId ? <SignedIn userId={userId} /> : null;
}
