import type { PageData } from '../../../lib/page-data';
import { feedKey, getCalendarFeed } from './calendar-feed';
import { getWebhooks, webhookKeys } from '../../../lib/webhooks/get-webhooks';
import { getDeliveries } from './webhooks';

/** /integrations: the webhooks with each one's delivery log, and the calendar address. */
export const integrationsPageData: PageData = {
  queries: ({ client, userId }) =>
    Promise.all([
      client.prefetchQuery({ queryKey: feedKey(userId), queryFn: getCalendarFeed }),
      client
        .fetchQuery({ queryKey: webhookKeys.list(userId), queryFn: getWebhooks })
        .then((endpoints) =>
          Promise.all(
            endpoints.map((endpoint) =>
              client.prefetchQuery({
                queryKey: webhookKeys.deliveries(endpoint.id),
                queryFn: () => getDeliveries(endpoint.id),
              }),
            ),
          ),
        ),
    ]),
};
