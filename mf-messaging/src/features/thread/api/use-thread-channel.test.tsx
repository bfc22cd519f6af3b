import { fakeSupabase, opArgs, type FakeCall } from '@promatch/shared/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { MessageRow } from '../../../lib/messages/message-row';
import { flattenThread } from '../../../lib/messages/thread-cache';
import { useThreadMessages } from './get-messages';
import { useThreadChannel } from './use-thread-channel';

const conversation = 'c1';
const message = (n: number): MessageRow =>
  ({
    id: `m${n}`,
    conversation_id: conversation,
    sender_id: 'partner',
    content: `message ${n}`,
    client_id: `client-${n}`,
    read_at: null,
    created_at: new Date(Date.UTC(2026, 10, 29, 9, 0, n)).toISOString(),
    updated_at: new Date(Date.UTC(2026, 10, 29, 9, 0, n)).toISOString(),
    file_id: null,
    attachment: null,
    kind: 'text',
    call_seconds: null,
    automated: false,
  }) as MessageRow;

// The far side: the thread's stored rows, newest first as the page query asks. `onRead` runs as
// the database answers a read, after its rows were taken.
let stored: MessageRow[] = [];
let onRead: (() => void) | undefined;
const threadReads = (calls: FakeCall[]) =>
  calls.filter((call) => call.table === 'messages' && opArgs(call, 'eq')?.[1] === conversation);
const mockFake = fakeSupabase((call) => {
  if (call.table !== 'messages') return { error: { message: `unexpected ${call.table}` } };
  const rows = [...stored].reverse();
  const after = onRead;
  onRead = undefined;
  after?.();
  return { data: rows };
});
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

function renderThread() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () => {
      const thread = useThreadMessages(conversation);
      useThreadChannel(conversation, 'me');
      return flattenThread(thread.data);
    },
    { wrapper },
  );
  return {
    shown: () => hook.result.current.map((row) => row.content),
    rows: () => hook.result.current,
  };
}
const channel = () =>
  mockFake.realtime.channels.find((c) => c.name === `conversation:${conversation}`);
const arriveLive = (row: MessageRow) => mockFake.realtime.change('messages', { new: row });

beforeEach(() => {
  stored = [];
  onRead = undefined;
  mockFake.calls.length = 0;
  mockFake.realtime.channels.length = 0;
});

it('shows a message sent between the first read and the channel going live', async () => {
  stored = [message(1)];
  // Stored right after the thread was first read, before the join: no live change will come.
  onRead = () => stored.push(message(2));
  const hook = renderThread();
  await waitFor(() => expect(hook.shown()).toEqual(['message 1', 'message 2']));
});

it('keeps a message that arrives live while the thread is read again after a reconnect', async () => {
  stored = [message(1)];
  const hook = renderThread();
  await waitFor(() => expect(channel()?.statuses).toContain('SUBSCRIBED'));
  await waitFor(() => expect(hook.shown()).toEqual(['message 1']));
  const readsBefore = threadReads(mockFake.calls).length;

  // The connection drops; message 2 is stored meanwhile. On the rejoin the thread is read again,
  // and message 3, stored just after that read, arrives live before the read's answer lands.
  channel()!.setStatus('CHANNEL_ERROR');
  stored.push(message(2));
  onRead = () => {
    stored.push(message(3));
    arriveLive(message(3));
  };
  channel()!.setStatus('SUBSCRIBED');

  await waitFor(() => expect(threadReads(mockFake.calls).length).toBeGreaterThan(readsBefore));
  await waitFor(() => expect(hook.shown()).toEqual(['message 1', 'message 2', 'message 3']));
  // Each message once, in order.
  expect(hook.shown()).toHaveLength(3);
});

it('a read receipt the re-read already has is not undone by the older live insert', async () => {
  stored = [message(1)];
  const hook = renderThread();
  await waitFor(() => expect(channel()?.statuses).toContain('SUBSCRIBED'));
  await waitFor(() => expect(hook.shown()).toEqual(['message 1']));
  const readAt = '2026-11-29T09:05:00.000Z';
  channel()!.setStatus('CHANNEL_ERROR');
  stored = [{ ...message(1), read_at: readAt, updated_at: readAt }];
  // The insert's change comes late, during the re-read that already sees the receipt.
  onRead = () => arriveLive(message(1));
  channel()!.setStatus('SUBSCRIBED');
  await waitFor(() => expect(hook.rows()[0]?.read_at).toBe(readAt));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(hook.rows().map((row) => [row.content, row.read_at])).toEqual([['message 1', readAt]]);
});
