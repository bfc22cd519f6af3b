/**
 * Shared by the realtime suites: users with signed-in supabase-js clients (realtime over `ws`),
 * subscribing and waiting for events with deadlines instead of sleeps.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { createSignedInUser, newClient, type ServerInfo } from './fixtures-rls-world.ts';

export interface RtUser {
  id: string;
  client: SupabaseClient;
}

export async function makeUsers(server: ServerInfo, count: number): Promise<RtUser[]> {
  const service = newClient(server, server.serviceRoleKey);
  const run = randomUUID().slice(0, 8);
  const users: RtUser[] = [];
  for (let i = 0; i < count; i++) {
    users.push(
      await createSignedInUser(server, service, `rt${i}-${run}@example.com`, {
        name: `Realtime User ${i}`,
        account_type: i % 2 === 0 ? 'business' : 'professional',
      }),
    );
  }
  return users;
}

type Transport = NonNullable<
  NonNullable<Parameters<typeof createClient>[2]>['realtime']
>['transport'];
const transport = WebSocket as unknown as Transport;

/** A client whose token (REST, storage, realtime) is whatever `token()` says (no auth module). */
export function tokenClient(url: string, anonKey: string, token: () => string, vsn?: string) {
  return createClient(url, anonKey, {
    accessToken: async () => token(),
    realtime: { transport, ...(vsn ? { vsn } : {}) },
  });
}

/** Subscribes and resolves with the status it settles on (SUBSCRIBED, CHANNEL_ERROR ...). */
export function subscribe(
  channel: RealtimeChannel,
  ms = 10_000,
): Promise<{ status: string; error?: Error }> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ status: 'TIMEOUT' }), ms);
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED' || status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
        clearTimeout(timer);
        resolve({ status, error });
      }
    });
  });
}

/** Collects what a listener receives; `waitFor` polls until a predicate holds or times out. */
export class Inbox<T> {
  readonly items: T[] = [];
  push = (item: T) => {
    this.items.push(item);
  };

  async waitFor(predicate: (items: T[]) => boolean, ms = 5000): Promise<T[]> {
    const deadline = Date.now() + ms;
    while (!predicate(this.items)) {
      if (Date.now() > deadline)
        throw new Error(`timed out; received ${JSON.stringify(this.items).slice(0, 500)}`);
      await sleep(20);
    }
    return this.items;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A conversation between two users (makes them contacts), created by the first. */
export async function converse(a: RtUser, b: RtUser): Promise<string> {
  const { data, error } = await a.client
    .from('conversations')
    .insert({ participant_1: a.id, participant_2: b.id })
    .select('id')
    .single();
  if (error) throw new Error(`conversation: ${error.message}`);
  return (data as { id: string }).id;
}

/** Leaves every channel and closes the socket, so jest can exit. */
export async function closeClient(user: RtUser | undefined) {
  if (!user) return;
  await user.client.removeAllChannels();
  user.client.realtime.disconnect();
}

type RawFrame = [string | null, string | null, string, string, Record<string, unknown>];

/** A bare vsn 2.0.0 socket, for what realtime-js will not send (e.g. an expired token). */
export async function openRawSocket(url: string, apikey: string) {
  const ws = new WebSocket(
    `${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=2.0.0`,
  );
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const frames: RawFrame[] = [];
  ws.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString()) as RawFrame));
  return {
    /** Sends a frame and resolves with the reply carrying its ref. */
    async call(frame: RawFrame): Promise<RawFrame> {
      ws.send(JSON.stringify(frame));
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = frames.find((f) => f[1] === frame[1] && f[3] === 'phx_reply');
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no reply to ${JSON.stringify(frame)}`);
        await sleep(10);
      }
    },
    close: () => ws.close(),
    /** Stops reading from the socket, like a frozen client. */
    pause: () => (ws as unknown as { _socket: { pause(): void } })._socket.pause(),
    resume: () => (ws as unknown as { _socket: { resume(): void } })._socket.resume(),
    /** Resolves when the server has closed the socket. */
    closed: (ms: number) =>
      new Promise<void>((resolve, reject) => {
        if (ws.readyState === WebSocket.CLOSED) return resolve();
        const timer = setTimeout(() => reject(new Error('socket still open')), ms);
        ws.once('close', () => (clearTimeout(timer), resolve()));
      }),
  };
}
