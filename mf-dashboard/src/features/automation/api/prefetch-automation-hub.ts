import type { PageData } from '../../../lib/page-data';
import { getWebhooks, webhookKeys } from '../../../lib/webhooks/get-webhooks';
import { automationKeys, getRules, getRuns } from './rules';

/** /automation-hub: the rules with each one's runs, and the webhooks a rule may post to. */
export const automationHubPageData: PageData = {
  queries: ({ client, userId }) =>
    Promise.all([
      client.prefetchQuery({ queryKey: webhookKeys.list(userId), queryFn: getWebhooks }),
      client
        .fetchQuery({ queryKey: automationKeys.rules(userId), queryFn: getRules })
        .then((rules) =>
          Promise.all(
            rules.map((rule) =>
              client.prefetchQuery({
                queryKey: automationKeys.runs(rule.id),
                queryFn: () => getRuns(rule.id),
              }),
            ),
          ),
        ),
    ]),
};
