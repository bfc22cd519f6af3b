import { Page, Stack } from '@promatch/shared';
import { CalendarFeedSection } from './calendar-feed-section';
import { WebhooksSection } from './webhooks-section';

/** /integrations: the private calendar feed and outgoing webhooks. */
export function IntegrationsPage() {
  return (
    <Page heading="Integrations" lead="Connect ProMatch to the tools your team already uses.">
      <Stack $gap="xl">
        <CalendarFeedSection />
        <WebhooksSection />
      </Stack>
    </Page>
  );
}
