/**
 * Realtime channels for the Supabase fake. A channel subscribes at once (its status callback hears
 * 'SUBSCRIBED' on the next tick), and a broadcast sent on a channel reaches every `on('broadcast')`
 * handler of that channel's name whose event matches, the sender's own included (as with
 * `broadcast: { self: true }`). Database changes never arrive: nothing writes any.
 */
type Handler = (message: { type: string; event: string; payload: unknown }) => void;

interface Listener {
  name: string;
  event: string | undefined;
  handler: Handler;
}

export interface FakeRealtime {
  channel: (name: string) => unknown;
  removeChannel: (channel: unknown) => Promise<'ok'>;
}

export function fakeRealtime(): FakeRealtime {
  let listeners: Listener[] = [];
  const channel = (name: string) => {
    const own: Listener[] = [];
    const self = {
      on: (type: string, filter: { event?: string } | undefined, handler: Handler) => {
        if (type === 'broadcast') own.push({ name, event: filter?.event, handler });
        return self;
      },
      subscribe: (callback?: (status: string) => void) => {
        listeners.push(...own);
        if (callback) setTimeout(() => callback('SUBSCRIBED'), 0);
        return self;
      },
      send: (message: { type: string; event: string; payload: unknown }) => {
        const heard = listeners.filter(
          (listener) =>
            listener.name === name &&
            (listener.event === undefined || listener.event === message.event),
        );
        setTimeout(() => heard.forEach((listener) => listener.handler(message)), 0);
        return Promise.resolve('ok' as const);
      },
      unsubscribe: () => {
        listeners = listeners.filter((listener) => !own.includes(listener));
        return Promise.resolve('ok' as const);
      },
    };
    return self;
  };
  return {
    channel,
    removeChannel: (removed) =>
      (removed as { unsubscribe?: () => Promise<'ok'> } | null)?.unsubscribe?.() ??
      Promise.resolve('ok'),
  };
}
