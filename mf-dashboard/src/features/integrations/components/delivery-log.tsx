import { Badge } from '@promatch/shared';
import { format } from 'date-fns';
import { useDeliveries } from '../api/webhooks';
import { eventLabel } from '../utils/events';

const tone = { succeeded: 'success', failed: 'warning', pending: 'neutral' } as const;
const statusText = {
  succeeded: 'Delivered',
  failed: 'Failed',
  pending: 'Waiting to retry',
} as const;

/** The latest 20 deliveries of one webhook, with each one's attempts and last answer. */
export function DeliveryLog({ endpointId, label }: { endpointId: string; label: string }) {
  const deliveries = useDeliveries(endpointId);
  if (deliveries.isPending) return <p role="status">Loading deliveries…</p>;
  if (deliveries.isError)
    return <p role="alert">Deliveries could not be loaded: {deliveries.error.message}</p>;
  if (deliveries.data.length === 0) return <p>No deliveries yet.</p>;
  return (
    <table>
      <caption>Latest deliveries to {label}</caption>
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">Created</th>
          <th scope="col">Status</th>
          <th scope="col">Attempts</th>
          <th scope="col">Last answer</th>
        </tr>
      </thead>
      <tbody>
        {deliveries.data.map((delivery) => (
          <tr key={delivery.id} data-testid="webhook-delivery">
            <td>{eventLabel(delivery.event)}</td>
            <td>{format(new Date(delivery.created_at), 'd MMM HH:mm:ss')}</td>
            <td>
              <Badge $tone={tone[delivery.status]}>
                {delivery.status === 'pending' && delivery.attempts === 0
                  ? 'Queued'
                  : statusText[delivery.status]}
              </Badge>
            </td>
            <td>{delivery.attempts}</td>
            <td>
              {delivery.last_status ? `HTTP ${delivery.last_status}` : ''}
              {delivery.last_error && delivery.status !== 'succeeded'
                ? ` ${delivery.last_error}`
                : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
