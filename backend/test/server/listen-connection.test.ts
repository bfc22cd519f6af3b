/**
 * The PostgreSQL driver's one LISTEN connection: surfaces that start together (the REST schema
 * reload, the integrations worker, realtime) subscribe at once, and each still hears its own
 * channel. Their LISTEN commands go to the connection one at a time, as pg requires from 9.0 on
 * (until then it warns when a client is handed a query while it runs another).
 */
import pg from 'pg';
import { openPostgres } from '../../src/db/postgres.ts';
import { postgresAvailable } from '../support/test-server.ts';

const url = 'postgres://postgres@127.0.0.1:5432/test';
const ready = postgresAvailable();
if (!ready) console.log('[test] SKIPPED the LISTEN connection: nothing answers on 127.0.0.1:5432');
const describePostgres = ready ? describe : describe.skip;

describePostgres('the LISTEN connection on PostgreSQL', () => {
  test('channels subscribed at once each hear their own notifications, none queued behind another on the connection', async () => {
    // What pg warns about (and pg 9 refuses): a query handed to a client whose queue still
    // holds another. Counted at each call, as pg checks it.
    let queuedBehindAnother = 0;
    const query = pg.Client.prototype.query;
    const spy = jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      if ((this as unknown as { _queryQueue: unknown[] })._queryQueue.length > 0)
        queuedBehindAnother += 1;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query);
    const db = await openPostgres(url);
    try {
      const channels = ['pm_listen_a', 'pm_listen_b', 'pm_listen_c'];
      const heard = new Map<string, string[]>(channels.map((channel) => [channel, []]));
      const stops = await Promise.all(
        channels.map((channel) =>
          db.listen!(channel, (payload) => heard.get(channel)!.push(payload)),
        ),
      );
      for (const channel of channels)
        await db.query('select pg_notify($1, $2)', [channel, channel]);
      const deadline = Date.now() + 5_000;
      while ([...heard.values()].some((payloads) => payloads.length === 0) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(Object.fromEntries(heard)).toEqual({
        pm_listen_a: ['pm_listen_a'],
        pm_listen_b: ['pm_listen_b'],
        pm_listen_c: ['pm_listen_c'],
      });
      await Promise.all(stops.map((stop) => stop()));
      expect(queuedBehindAnother).toBe(0);
    } finally {
      spy.mockRestore();
      await db.close();
    }
  });
});
