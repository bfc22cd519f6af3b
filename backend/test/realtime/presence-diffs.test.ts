import {
  Hub,
  PRESENCE_DIFF_MAX_MS,
  PRESENCE_DIFF_MS,
  presenceDiffPeriod,
} from '../../src/realtime/hub.ts';
import type { Membership, Outlet } from '../../src/realtime/membership.ts';
import type { PresenceMap } from '../../src/realtime/presence.ts';
import type { Frame } from '../../src/realtime/protocol.ts';

// What a member of a busy channel receives: presence changes gathered into few presence_diff
// frames (backend/src/realtime/hub.ts), which realtime-js applies joins first, then leaves.
function watcher(topic: string) {
  const frames: Frame[] = [];
  const outlet: Outlet = {
    id: 'watcher',
    send: (frame) => frames.push(frame),
    sendShared: (frame) => frames.push(frame),
    sendBinary: () => undefined,
  };
  const member = { id: 'w', outlet, topic, isPrivate: false, presenceEnabled: true, bindings: [] };
  return { member: member as unknown as Membership, frames };
}

/** The keys a client holds after applying the frames as realtime-js does. */
function apply(frames: Frame[]): string[] {
  const state = new Map<string, Set<string>>();
  for (const { payload } of frames) {
    const { joins, leaves } = payload as { joins: PresenceMap; leaves: PresenceMap };
    for (const [key, { metas }] of Object.entries(joins))
      for (const meta of metas)
        (state.get(key) ?? state.set(key, new Set()).get(key)!).add(meta.phx_ref);
    for (const [key, { metas }] of Object.entries(leaves))
      for (const meta of metas) state.get(key)?.delete(meta.phx_ref);
  }
  return [...state]
    .filter(([, refs]) => refs.size > 0)
    .map(([key]) => key)
    .sort();
}

const track = (hub: Hub, topic: string, tracker: string, ref: string | undefined) =>
  hub.deliver(
    {
      kind: 'presence',
      topic,
      trackerId: tracker,
      entry: ref === undefined ? undefined : { key: tracker, meta: { phx_ref: ref } },
    },
    'instance-a',
  );

test('a burst of tracks reaches a member as one diff that adds up to the presence', async () => {
  const hub = new Hub();
  const { member, frames } = watcher('realtime:lobby');
  hub.add(member);
  for (let i = 0; i < 200; i += 1) track(hub, 'realtime:lobby', `user-${i}`, `ref-${i}`);
  track(hub, 'realtime:lobby', 'user-0', undefined); // left again at once
  track(hub, 'realtime:lobby', 'user-1', 'ref-1b'); // tracked again with a new meta
  expect(frames).toEqual([]);
  await new Promise((resolve) => setTimeout(resolve, PRESENCE_DIFF_MS * 4));
  expect(frames.map((frame) => frame.event)).toEqual(['presence_diff']);
  const expected = Array.from({ length: 199 }, (_, i) => `user-${i + 1}`).sort();
  expect(apply(frames)).toEqual(expected);
  expect(Object.keys(hub.presence('realtime:lobby', false).state()).sort()).toEqual(expected);

  // Later changes come in a diff of their own.
  track(hub, 'realtime:lobby', 'user-2', undefined);
  await new Promise((resolve) => setTimeout(resolve, PRESENCE_DIFF_MS * 4));
  expect(frames).toHaveLength(2);
  expect(apply(frames)).toEqual(expected.filter((key) => key !== 'user-2'));
});

test('a large channel gathers longer, a small one keeps its short period, each on its own timer', async () => {
  expect(presenceDiffPeriod(2)).toBe(PRESENCE_DIFF_MS);
  expect(presenceDiffPeriod(100)).toBe(PRESENCE_DIFF_MS);
  expect(presenceDiffPeriod(1000)).toBe(PRESENCE_DIFF_MS * 10);
  expect(presenceDiffPeriod(1_000_000)).toBe(PRESENCE_DIFF_MAX_MS);

  const hub = new Hub();
  const big = Array.from({ length: 400 }, () => watcher('realtime:hall'));
  for (const { member } of big) hub.add(member);
  const small = watcher('realtime:room');
  hub.add(small.member);
  const started = Date.now();
  for (let i = 0; i < 50; i += 1) track(hub, 'realtime:hall', `user-${i}`, `ref-${i}`);
  track(hub, 'realtime:room', 'user-x', 'ref-x');
  await new Promise((resolve) => setTimeout(resolve, PRESENCE_DIFF_MS * 2));
  // The conversation-sized channel has its diff; the hall of 400 is still gathering.
  expect(small.frames).toHaveLength(1);
  expect(big[0]!.frames).toHaveLength(0);
  for (let i = 50; i < 100; i += 1) track(hub, 'realtime:hall', `user-${i}`, `ref-${i}`);
  while (big[0]!.frames.length === 0 && Date.now() - started < 2000)
    await new Promise((resolve) => setTimeout(resolve, 5));
  expect(Date.now() - started).toBeGreaterThanOrEqual(presenceDiffPeriod(400) - 5);
  // Every member got the same single diff holding all 100.
  for (const { frames } of big) {
    expect(frames).toHaveLength(1);
    expect(apply(frames)).toHaveLength(100);
  }
});
