import { Badge, Button, Card, Cluster, Text } from '@promatch/shared';
import { useState } from 'react';
import styled from 'styled-components';
import { useWebhooks, type WebhookEndpoint } from '../../../lib/webhooks/get-webhooks';
import { useWebhookActions } from '../api/webhooks';
import { eventLabel } from '../utils/events';
import { DeliveryLog } from './delivery-log';
import { VerificationSnippet } from './verification-snippet';
import { WebhookForm } from './webhook-form';

const WebhookActions = styled(Cluster)`
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

function SigningSecret({ endpoint, fresh }: { endpoint: WebhookEndpoint; fresh: boolean }) {
  const [shown, setShown] = useState(fresh);
  return (
    <p>
      Signing secret:{' '}
      {shown ? (
        <code data-testid="webhook-secret">{endpoint.secret}</code>
      ) : (
        <Button type="button" $size="sm" $variant="outline" onClick={() => setShown(true)}>
          Show signing secret
        </Button>
      )}
      {fresh ? ' Copy it now into your receiver: it checks every delivery with it.' : null}
    </p>
  );
}

function WebhookCard({ endpoint, fresh }: { endpoint: WebhookEndpoint; fresh: boolean }) {
  const { setActive, remove, sendTest } = useWebhookActions();
  const label = endpoint.description || endpoint.url;
  return (
    <Card as="article" aria-label={`Webhook ${label}`}>
      <Text as="h3" $breakAnywhere>
        {label}
      </Text>
      {endpoint.description ? <Text $breakAnywhere>{endpoint.url}</Text> : null}
      <p>
        <Badge $tone={endpoint.active ? 'success' : 'warning'}>
          {endpoint.active ? 'On' : 'Off'}
        </Badge>{' '}
        Sends: {endpoint.events.map(eventLabel).join(', ')}
      </p>
      {endpoint.disabled_reason ? <p role="status">{endpoint.disabled_reason}</p> : null}
      <SigningSecret endpoint={endpoint} fresh={fresh} />
      <WebhookActions>
        <Button
          type="button"
          $size="sm"
          disabled={!endpoint.active || sendTest.isPending}
          onClick={() => sendTest.mutate(endpoint.id)}
        >
          Send test delivery
        </Button>
        <Button
          type="button"
          $size="sm"
          $variant="secondary"
          disabled={setActive.isPending}
          onClick={() => setActive.mutate({ id: endpoint.id, active: !endpoint.active })}
        >
          {endpoint.active ? 'Turn off' : 'Turn on'}
        </Button>
        <Button
          type="button"
          $size="sm"
          $variant="destructive"
          disabled={remove.isPending}
          onClick={() => remove.mutate(endpoint.id)}
        >
          Remove webhook
        </Button>
      </WebhookActions>
      <DeliveryLog endpointId={endpoint.id} label={label} />
    </Card>
  );
}

/** Outgoing webhooks: add, test, turn off or on, remove, and each one's delivery log. */
export function WebhooksSection() {
  const webhooks = useWebhooks();
  const { create } = useWebhookActions();
  const [freshId, setFreshId] = useState<string | null>(null);
  return (
    <Card as="section" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">Webhooks</h2>
      <p>
        ProMatch posts the events you choose to your server as they happen, so your own tools can
        react to new messages, proposals, bookings and hires.
      </p>
      <VerificationSnippet />
      {webhooks.isPending ? <p role="status">Loading your webhooks…</p> : null}
      {webhooks.isError ? (
        <p role="alert">We could not load your webhooks: {webhooks.error.message}</p>
      ) : null}
      {webhooks.data?.map((endpoint) => (
        <WebhookCard key={endpoint.id} endpoint={endpoint} fresh={endpoint.id === freshId} />
      ))}
      {webhooks.data && webhooks.data.length === 0 ? <p>You have no webhooks yet.</p> : null}
      <WebhookForm
        pending={create.isPending}
        onSubmit={(input) =>
          create.mutate(input, { onSuccess: (endpoint) => setFreshId(endpoint.id) })
        }
      />
    </Card>
  );
}
