import { Page } from '@promatch/shared';
import { CalendarFeedSection } from './calendar-feed-section';
import { WebhooksSection } from './webhooks-section';

/** /integrations: the private calendar feed and outgoing webhooks. */
export function IntegrationsPage() {
  return (
    <Page heading="Integrations" lead="Connect ProMatch to the tools your team already uses.">
      <div style={{ display: 'grid', gap: '1.5rem' }}>
        <CalendarFeedSection />
        <WebhooksSection />
      </div>
    </Page>
  );
}
