import type { PageData } from '../../../lib/page-data';
import { notificationKeys } from './keys';
import { getNotifications, getUnreadCount } from './notifications';
import { getPreferences } from './preferences';

/** /smart-notifications: the list, the unread count and the preferences form. */
export const notificationCentrePageData: PageData = {
  queries: ({ client, userId }) =>
    Promise.all([
      client.prefetchQuery({ queryKey: notificationKeys.list(userId), queryFn: getNotifications }),
      client.prefetchQuery({ queryKey: notificationKeys.unread(userId), queryFn: getUnreadCount }),
      client.prefetchQuery({
        queryKey: notificationKeys.preferences(userId),
        queryFn: getPreferences,
      }),
    ]),
};
