/**
 * video-token against the real server with a fake Twilio account: the two parties of a
 * conversation or an appointment get a token for its room (grants, identity, expiry checked by
 * verifying it with the account's secret); anyone else, a blocked pair and visitors are refused;
 * without Twilio credentials it answers 503 so the app calls peer-to-peer.
 */
import { FunctionsHttpError } from '@supabase/supabase-js';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import handler, {
  NOT_A_PARTY,
  NOT_CONFIGURED,
} from '../../../supabase/functions/video-token/index.ts';
import { closeClient, converse, makeUsers, type RtUser } from '../support/realtime-helpers.ts';
import { newClient } from '../support/fixtures-rls-world.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

jest.setTimeout(60_000);

const FAKE = {
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
  TWILIO_API_KEY_SID: 'SK00000000000000000000000000000002',
  TWILIO_API_KEY_SECRET: 'fake-secret-for-the-video-token-test',
  TWILIO_TOKEN_TTL_SECONDS: '900',
};

async function invoke(user: RtUser | null, server: TestServer, body: unknown) {
  const client = user?.client ?? newClient(server, server.anonKey);
  const result = await client.functions.invoke('video-token', {
    body: body as Record<string, unknown>,
  });
  if (result.error instanceof FunctionsHttpError) {
    const response = result.error.context as Response;
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  return { status: 200, body: result.data as Record<string, unknown> };
}

describe('functions: video-token with a fake Twilio account', () => {
  let server: TestServer;
  let a: RtUser, b: RtUser, c: RtUser;
  let conversationId: string;

  beforeAll(async () => {
    server = await startTestServer({ db: 'pglite', env: FAKE });
    [a, b, c] = (await makeUsers(server, 3)) as [RtUser, RtUser, RtUser];
    conversationId = await converse(a, b);
  }, 120_000);
  afterAll(async () => {
    for (const user of [a, b, c]) await closeClient(user);
    await server?.stop();
  }, 30_000);

  test('each party gets a token for the room, signed with the API key secret', async () => {
    for (const user of [a, b]) {
      const before = Math.floor(Date.now() / 1000);
      const answer = await invoke(user, server, { conversationId });
      expect(answer.status).toBe(200);
      const room = `promatch-${conversationId}`;
      expect(answer.body).toMatchObject({ room, identity: user.id });
      const token = answer.body.token as string;
      expect(decodeProtectedHeader(token)).toEqual({
        alg: 'HS256',
        typ: 'JWT',
        cty: 'twilio-fpa;v=1',
      });
      const { payload } = await jwtVerify(
        token,
        new TextEncoder().encode(FAKE.TWILIO_API_KEY_SECRET),
        { issuer: FAKE.TWILIO_API_KEY_SID, subject: FAKE.TWILIO_ACCOUNT_SID },
      );
      expect(payload.grants).toEqual({ identity: user.id, video: { room } });
      expect(payload.jti).toMatch(new RegExp(`^${FAKE.TWILIO_API_KEY_SID}-\\d+$`));
      expect(payload.exp! - payload.iat!).toBe(900);
      expect(payload.iat!).toBeGreaterThanOrEqual(before);
    }
    await expect(
      jwtVerify(
        (await invoke(a, server, { conversationId })).body.token as string,
        new TextEncoder().encode('another-secret'),
      ),
    ).rejects.toThrow(/signature/);
  });

  test('appointments: the business and the professional only', async () => {
    // Appointments are made only through the booking functions.
    const { data, error } = await a.client
      .rpc('propose_appointment', {
        p_with: b.id,
        p_times: [new Date(Date.now() + 3_600_000).toISOString()],
        p_duration_minutes: 60,
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    const appointmentId = (data as { id: string }).id;
    expect((await invoke(b, server, { appointmentId })).body).toMatchObject({
      room: `promatch-${appointmentId}`,
      identity: b.id,
    });
    expect(await invoke(c, server, { appointmentId })).toEqual({
      status: 403,
      body: { error: NOT_A_PARTY },
    });
  });

  test('a third user, a blocked pair, visitors and bad input are refused', async () => {
    expect(await invoke(c, server, { conversationId })).toEqual({
      status: 403,
      body: { error: NOT_A_PARTY },
    });
    expect((await invoke(null, server, { conversationId })).status).toBe(401);
    expect((await invoke(a, server, { conversationId: 'nope' })).status).toBe(400);
    expect((await invoke(a, server, {})).status).toBe(400);
    const other = await converse(a, c);
    const { error } = await c.client.from('user_blocks').insert({ blocked_id: a.id });
    expect(error).toBeNull();
    expect(await invoke(a, server, { conversationId: other })).toEqual({
      status: 403,
      body: { error: NOT_A_PARTY },
    });
  });
});

test('without Twilio credentials it answers 503 so the app calls peer-to-peer', async () => {
  for (const name of Object.keys(FAKE)) delete process.env[name];
  const response = await handler(
    new Request('http://localhost/functions/v1/video-token', {
      method: 'POST',
      body: JSON.stringify({ conversationId: crypto.randomUUID() }),
    }),
  );
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({
    error: NOT_CONFIGURED,
    code: 'video_provider_unavailable',
  });
});
