/**
 * PostgreSQL restarted under a running backend: the server stays up, requests made while the
 * database is away fail with a 5xx in PostgREST's shape (never a crash), and afterwards REST,
 * sign-in and realtime work again. The realtime socket is closed once listening resumes, so the
 * client joins again and reads what it missed; messages sent after the restart arrive live.
 */
import { randomUUID } from 'node:crypto';
import { launchBackend, type RunningBackend } from '../../launcher/launch-backend.cjs';
import {
  privatePostgresAvailable,
  startPrivatePostgres,
  type PrivatePostgres,
} from '../support/private-postgres.ts';
import { makeUsers, sleep, type RtUser } from '../support/realtime-helpers.ts';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../support/test-server.ts';

jest.setTimeout(180_000);

const ready = privatePostgresAvailable();
if (!ready)
  console.log(
    '[test] SKIPPED PostgreSQL restart: no PostgreSQL server binaries under /usr/lib/postgresql',
  );
const describeRestart = ready ? describe : describe.skip;

describeRestart('PostgreSQL restarted under a running backend', () => {
  let postgres: PrivatePostgres;
  let backend: RunningBackend;
  let sender: RtUser;
  let reader: RtUser;
  const received = new Set<string>();
  let subscriptions = 0;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    backend = await launchBackend({ env: { ...process.env, DATABASE_URL: postgres.url } });
    [sender, reader] = (await makeUsers(
      { url: backend.url, anonKey: ANON_KEY, serviceRoleKey: SERVICE_ROLE_KEY },
      2,
    )) as [RtUser, RtUser];
  }, 180_000);

  afterAll(async () => {
    for (const user of [sender, reader]) {
      await user?.client.removeAllChannels();
      user?.client.realtime.disconnect();
    }
    await backend?.stop();
    postgres?.stop();
  }, 60_000);

  const send = async (content: string) =>
    sender.client.rpc('send_message', {
      p_client_id: randomUUID(),
      p_recipient_id: reader.id,
      p_content: content,
    });

  const readAll = async () => {
    const { data } = await reader.client.from('messages').select('content');
    for (const row of (data ?? []) as { content: string }[]) received.add(row.content);
  };

  const waitFor = async (what: () => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (!what()) {
      if (Date.now() > deadline) return false;
      await sleep(50);
    }
    return true;
  };

  it('keeps serving, answers in the error shape while the database is away, and recovers', async () => {
    reader.client
      .channel('restart-messages')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'messages' }, (event) =>
        received.add((event.new as { content: string }).content),
      )
      .subscribe((status) => {
        if (status !== 'SUBSCRIBED') return;
        subscriptions += 1;
        // what the messaging app does on every (re)join: read the thread again
        if (subscriptions > 1) void readAll();
      });
    expect(await waitFor(() => subscriptions === 1, 10_000)).toBe(true);
    expect((await send('before the restart')).error).toBeNull();
    expect(await waitFor(() => received.has('before the restart'), 5_000)).toBe(true);

    postgres.restart();
    expect(backend.child.exitCode).toBeNull();

    // Once it is back: REST answers, a message sent now is stored and reaches the reader.
    let stored = false;
    for (let attempt = 0; attempt < 50 && !stored; attempt += 1) {
      stored = !(await send('after the restart')).error;
      if (!stored) await sleep(200);
    }
    expect(stored).toBe(true);
    expect(await waitFor(() => received.has('after the restart'), 10_000)).toBe(true);
    // The socket was closed and joined again once listening resumed.
    expect(await waitFor(() => subscriptions >= 2, 10_000)).toBe(true);
    expect((await send('live again')).error).toBeNull();
    expect(await waitFor(() => received.has('live again'), 5_000)).toBe(true);

    const health = await fetch(`${backend.url}/health`);
    expect(health.status).toBe(200);
    expect(backend.child.exitCode).toBeNull();
  });

  it('answers in PostgREST error shape while the database is down, and serves again after', async () => {
    const fetchProfiles = () =>
      fetch(`${backend.url}/rest/v1/profiles?select=id&limit=1`, {
        headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` },
      });
    postgres.pause();
    let response: Response;
    try {
      response = await fetchProfiles();
    } finally {
      postgres.resume();
    }
    expect(response.status).toBe(503);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(backend.child.exitCode).toBeNull();
    let ok = false;
    for (let attempt = 0; attempt < 50 && !ok; attempt += 1) {
      ok = (await fetchProfiles()).status === 200;
      if (!ok) await sleep(200);
    }
    expect(ok).toBe(true);
  });
});
