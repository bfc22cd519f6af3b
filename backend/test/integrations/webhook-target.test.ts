/**
 * SSRF guard of webhook deliveries: only http(s), and no loopback, private or link-local address
 * (by literal or by what the name resolves to) unless private networks are allowed.
 */
import { isPrivateAddress, parseTarget } from '../../src/jobs/webhook-target.ts';
import { postWebhook, signWebhook } from '../../src/jobs/integrations-worker.ts';
import { startReceiver, signatureValid, type Receiver } from '../support/webhook-receiver.ts';

const strict = { timeoutMs: 2000, allowPrivateNetworks: false };
const relaxed = { timeoutMs: 2000, allowPrivateNetworks: true };
const delivery = (url: string) => ({
  id: 'd1',
  url,
  secret: 'whsec_test',
  body: '{"type":"ping"}',
});

describe('webhook targets', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  test.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.1', true],
    ['192.168.1.10', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['8.8.8.8', false],
    ['2a00:1450:4009:81f::200e', false],
  ])('%s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  test('only http and https URLs without credentials are accepted', () => {
    expect(() => parseTarget('ftp://example.com/x')).toThrow(/Only http and https/);
    expect(() => parseTarget('file:///etc/passwd')).toThrow(/Only http and https/);
    expect(() => parseTarget('https://user:pw@example.com/')).toThrow(/user name or password/);
    expect(() => parseTarget('not a url')).toThrow(/not a valid URL/);
    expect(parseTarget('https://example.com/hook').host).toBe('example.com');
  });

  test('a loopback receiver is refused by literal address and by name unless allowed', async () => {
    const port = new URL(receiver.url).port;
    expect(await postWebhook(delivery(`http://127.0.0.1:${port}/hook`), strict)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/private or local address/),
    });
    expect(await postWebhook(delivery(`http://localhost:${port}/hook`), strict)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/resolves to .* a private or local address/),
    });
    expect(receiver.received).toHaveLength(0);
    expect(await postWebhook(delivery(`http://localhost:${port}/hook`), relaxed)).toEqual({
      ok: true,
      status: 204,
      error: null,
    });
    expect(receiver.received).toHaveLength(1);
    expect(signatureValid(receiver.received[0], 'whsec_test')).toBe(true);
  });

  test('the signature is v1= and the hex HMAC-SHA256 of timestamp.body', () => {
    // a fixed vector, so the documented scheme cannot drift from the code
    expect(signWebhook('whsec_test', 1700000000, '{"a":1}')).toBe(
      'v1=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789',
    );
  });
});
