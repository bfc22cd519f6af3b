import { createBus, type BusEvent } from '../../src/realtime/bus.ts';
import type { Db } from '../../src/db/types.ts';

// The bus on PostgreSQL, with the database replaced by a recorder: what each NOTIFY round trip
// carried, and a first round trip that answers only when the test says so.
function recordingDb() {
  const roundTrips: string[][] = [];
  let release: (() => void) | undefined;
  const firstAnswered = new Promise<void>((resolve) => (release = resolve));
  const db = {
    kind: 'postgres',
    listen: async () => async () => undefined,
    query: async (_sql: string, params: unknown[]) => {
      roundTrips.push(params[1] as string[]);
      if (roundTrips.length === 1) await firstAnswered;
      return { rows: [], rowCount: 0 };
    },
  } as unknown as Db;
  return { db, roundTrips, answerFirst: () => release?.() };
}

const broadcast = (n: number): BusEvent => ({
  kind: 'broadcast',
  topic: 'realtime:lobby',
  event: 'tick',
  payload: { n },
});

test('events published during a NOTIFY round trip go out together, in order, none merged', async () => {
  const { db, roundTrips, answerFirst } = recordingDb();
  const delivered: BusEvent[] = [];
  const bus = await createBus(db, (event) => delivered.push(event));
  const first = bus.publish(broadcast(0));
  // 300 more while the first is under way, two of them identical (PostgreSQL would drop a
  // repeated payload within one transaction).
  const rest = Array.from({ length: 300 }, (_, i) => bus.publish(broadcast(i === 1 ? 0 : i)));
  expect(roundTrips).toHaveLength(1);
  answerFirst();
  await Promise.all([first, ...rest]);
  expect(roundTrips).toHaveLength(2);
  expect(roundTrips[1]).toHaveLength(300);
  const sent = roundTrips.flat().map((text) => JSON.parse(text) as { event: BusEvent });
  expect(sent.map(({ event }) => (event as { payload: { n: number } }).payload.n)).toEqual([
    0,
    0,
    0,
    ...Array.from({ length: 298 }, (_, i) => i + 2),
  ]);
  expect(new Set(roundTrips.flat()).size).toBe(301);
  // This instance's own sockets had every event at once.
  expect(delivered).toHaveLength(301);
});

test('a quiet bus sends each event at once, one round trip each', async () => {
  const { db, roundTrips, answerFirst } = recordingDb();
  answerFirst();
  const bus = await createBus(db, () => undefined);
  await bus.publish(broadcast(1));
  await bus.publishRemote({ kind: 'heartbeat' });
  expect(roundTrips.map((trip) => trip.length)).toEqual([1, 1]);
});
