import { ANON_KEY, startTestServer, type TestServer } from '../support/test-server.ts';

// CORS does not depend on the database, so one PGlite server is enough here.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ db: 'pglite' });
}, 60_000);
afterAll(() => server?.stop());

test('a browser gets exactly one Access-Control-Allow-Origin from a function', async () => {
  const response = await fetch(`${server.url}/functions/v1/newsletter-signup`, {
    method: 'POST',
    headers: {
      origin: 'http://localhost:3000',
      apikey: ANON_KEY,
      authorization: `Bearer ${ANON_KEY}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ email: `cors-${Date.now()}@example.co.uk` }),
  });
  expect(response.status).toBe(200);
  // fetch joins repeated headers with ', ': a doubled '*' would read '*, *', which browsers reject.
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
});
