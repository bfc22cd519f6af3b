import { Page, Stack, useSession } from '@promatch/shared';
import { useNotificationsLive } from '../api/notifications';
import { NotificationCentre } from './notification-centre';
import { NotificationPreferencesForm } from './notification-preferences-form';

/** /smart-notifications: the live notification centre and the one set of notification choices. */
export function SmartNotificationsPage() {
  const userId = useSession((state) => state.user?.id ?? '');
  useNotificationsLive(userId);
  return (
    <Page
      heading="Smart Notifications"
      lead="Everything ProMatch has told you, as it happens, and your choice of what it tells you and how."
    >
      <Stack $gap="xl">
        <NotificationCentre userId={userId} />
        <NotificationPreferencesForm userId={userId} />
      </Stack>
    </Page>
  );
}
