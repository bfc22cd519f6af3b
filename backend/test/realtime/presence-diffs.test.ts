import { Hub, PRESENCE_DIFF_MS } from '../../src/realtime/hub.ts';
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
