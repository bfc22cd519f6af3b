import {
  postgresAvailable,
  ANON_KEY,
  SERVICE_ROLE_KEY,
  type TestServer,
} from '../support/test-server.ts';
import { makeClient, PASSWORD, uniqueEmail } from '../support/auth-helpers.ts';
import { startCluster, type Cluster } from '../support/auth-cluster.ts';

jest.setTimeout(60_000);

/** makeClient only needs the URL and keys of a server. */
const target = (url: string) =>
  ({ url, anonKey: ANON_KEY, serviceRoleKey: SERVICE_ROLE_KEY }) as TestServer;

const describePg = postgresAvailable() ? describe : describe.skip;
if (!postgresAvailable())
  console.log('[test] SKIPPED auth multi-instance: nothing answers on 127.0.0.1:5432');

describePg('auth on two instances sharing one PostgreSQL', () => {
  let cluster: Cluster | undefined;
  const server = (index: number) => target(cluster?.urls[index] ?? '');

  beforeAll(async () => {
    cluster = await startCluster(2, {
      RATE_LIMIT_SIGN_IN: '1000',
      RATE_LIMIT_SIGN_IN_PER_EMAIL: '3',
    });
  }, 120_000);
  afterAll(() => cluster?.stop(), 30_000);

  it('shares sessions: sign in on one, refresh and sign out on the other', async () => {
    const email = uniqueEmail('cluster');
    await makeClient(server(0), { key: SERVICE_ROLE_KEY }).auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    const first = makeClient(server(0));
    const { data } = await first.auth.signInWithPassword({ email, password: PASSWORD });
    const second = makeClient(server(1));
    await second.auth.setSession({
      access_token: data.session?.access_token ?? '',
      refresh_token: data.session?.refresh_token ?? '',
    });
    expect((await second.auth.getUser()).data.user?.email).toBe(email);
    expect((await second.auth.refreshSession()).error).toBeNull();
    expect((await second.auth.signOut({ scope: 'global' })).error).toBeNull();
    const afterLogout = await first.auth.getUser();
    expect(afterLogout.error).not.toBeNull();
  });

  it('shares rate-limit counters between instances', async () => {
    const email = uniqueEmail('cluster-limit');
    for (let i = 0; i < 3; i += 1) {
      const attempt = await makeClient(server(i % 2)).auth.signInWithPassword({
        email,
        password: 'Guess-123',
      });
      expect(attempt.error?.status).toBe(400);
    }
    const blocked = await makeClient(server(1)).auth.signInWithPassword({
      email,
      password: 'Guess-123',
    });
    expect(blocked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });
});
