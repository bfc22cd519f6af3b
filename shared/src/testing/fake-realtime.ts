/**
 * Realtime channels for the Supabase fake. A channel subscribes at once (its status callback hears
 * 'SUBSCRIBED' on the next tick); a test can report other statuses (`setStatus('CHANNEL_ERROR')`)
 * and database changes (`change('messages')`). A broadcast sent on a channel reaches every
 * `on('broadcast')` handler of that channel's name whose event matches, the sender's own included
 * (as with `broadcast: { self: true }`).
 */
interface Listener {
  type: string;
  filter: { event?: string; table?: string } | undefined;
  handler: (message: unknown) => void;
}

export interface FakeChannel {
  name: string;
  /** The second argument of `client.channel(name, options)`. */
  options: unknown;
  subscribed: boolean;
  removed: boolean;
  /** Every status the channel's callback has heard, in order. */
  statuses: string[];
  /** Tells the channel's status callback what the server would: 'SUBSCRIBED', 'CHANNEL_ERROR'… */
  setStatus: (status: string) => void;
}

export interface FakeRealtime {
  channels: FakeChannel[];
  /** Reports a change in `table` to every live channel listening for it (postgres_changes). */
  change: (table: string, payload?: unknown) => void;
  channel: (name: string, options?: unknown) => unknown;
  removeChannel: (channel: unknown) => Promise<'ok'>;
}

export function fakeRealtime(): FakeRealtime {
  const listeners = new Map<FakeChannel, Listener[]>();
  const handles = new Map<unknown, FakeChannel>();
  const channels: FakeChannel[] = [];
  const heard = (type: string, match: (listener: Listener, channel: FakeChannel) => boolean) =>
    channels
      .filter((channel) => channel.subscribed && !channel.removed)
      .flatMap((channel) =>
        (listeners.get(channel) ?? []).filter(
          (listener) => listener.type === type && match(listener, channel),
        ),
      );

  const channel = (name: string, options?: unknown) => {
    let callback: ((status: string) => void) | undefined;
    const state: FakeChannel = {
      name,
      options,
      subscribed: false,
      removed: false,
      statuses: [],
      setStatus: (status) => {
        state.statuses.push(status);
        callback?.(status);
      },
    };
    const own: Listener[] = [];
    listeners.set(state, own);
    const api = {
      on: (type: string, filter: Listener['filter'], handler: Listener['handler']) => {
        own.push({ type, filter, handler });
        return api;
      },
      subscribe: (onStatus?: (status: string) => void) => {
        state.subscribed = true;
        callback = onStatus;
        setTimeout(() => {
          if (!state.removed) state.setStatus('SUBSCRIBED');
        }, 0);
        return api;
      },
      send: (message: { type: string; event: string; payload: unknown }) => {
        const to = heard(
          'broadcast',
          (listener, other) =>
            other.name === name &&
            (listener.filter?.event === undefined || listener.filter.event === message.event),
        );
        setTimeout(() => to.forEach((listener) => listener.handler(message)), 0);
        return Promise.resolve('ok' as const);
      },
      unsubscribe: () => {
        state.removed = true;
        return Promise.resolve('ok' as const);
      },
    };
    handles.set(api, state);
    channels.push(state);
    return api;
  };

  return {
    channels,
    change: (table, payload = {}) =>
      heard('postgres_changes', (listener) => listener.filter?.table === table).forEach(
        (listener) => listener.handler(payload),
      ),
    channel,
    removeChannel: (removed) => {
      const state = handles.get(removed);
      if (state) state.removed = true;
      return Promise.resolve('ok');
    },
  };
}
