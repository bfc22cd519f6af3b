import { Badge, Button, Card, Cluster, PlainList } from '@promatch/shared';
import { formatWhen } from '../../../lib/format/format';
import {
  pushSupported,
  usePushDevices,
  useRemovePushDevice,
  useSubscribeThisBrowser,
  useThisBrowserEndpoint,
} from '../api/push-subscriptions';

/**
 * Push notifications in settings: turn them on for this browser, and see every device that
 * receives them (each can be removed). Browsers are identified by their push subscription; the
 * one this page runs in is marked.
 */
export function PushDevices() {
  const devices = usePushDevices();
  const thisEndpoint = useThisBrowserEndpoint();
  const subscribe = useSubscribeThisBrowser();
  const remove = useRemovePushDevice();
  const supported = pushSupported();
  const list = devices.data ?? [];
  const thisBrowserListed = list.some((device) => device.endpoint === thisEndpoint.data);
  return (
    <Card as="section" aria-labelledby="settings-push">
      <h3 id="settings-push">Push notifications</h3>
      <p>
        Get your ProMatch notifications on this device even when ProMatch is closed. They follow
        your notification choices, and wait until your quiet hours end.
      </p>
      {supported ? (
        <Button
          type="button"
          $variant="outline"
          disabled={subscribe.isPending}
          onClick={() => subscribe.mutate()}
        >
          {thisBrowserListed
            ? 'Renew push notifications for this browser'
            : 'Turn on for this browser'}
        </Button>
      ) : (
        <p>This browser cannot receive push notifications.</p>
      )}
      <h4>Devices</h4>
      {devices.isError ? (
        <p role="alert">Your devices could not be loaded.</p>
      ) : devices.isPending ? (
        <p>Loading your devices…</p>
      ) : list.length === 0 ? (
        <p>No device receives push notifications.</p>
      ) : (
        <PlainList aria-label="Devices receiving push notifications" $gap="sm">
          {list.map((device) => {
            const label = device.label || 'Unnamed browser';
            const isThisBrowser = device.endpoint === thisEndpoint.data;
            return (
              <Cluster as="li" key={device.id} $gap="md">
                <span>
                  <strong>{label}</strong>
                  {isThisBrowser ? (
                    <>
                      {' '}
                      <Badge $tone="primary">This browser</Badge>
                    </>
                  ) : null}{' '}
                  · added {formatWhen(device.created_at)} ·{' '}
                  {device.last_used_at
                    ? `last notified ${formatWhen(device.last_used_at)}`
                    : 'not notified yet'}
                </span>
                <Button
                  type="button"
                  $variant="outline"
                  aria-label={`Remove ${label}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ id: device.id, isThisBrowser })}
                >
                  Remove
                </Button>
              </Cluster>
            );
          })}
        </PlainList>
      )}
    </Card>
  );
}
