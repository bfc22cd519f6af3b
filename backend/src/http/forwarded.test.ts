import type { IncomingHttpHeaders } from 'node:http';
import { forwardedHeadersJson, withForwardedFor } from './forwarded.ts';
import type { ApiRequest } from './types.ts';

const request = (headers: IncomingHttpHeaders, ip: string): ApiRequest => ({
  method: 'GET',
  path: '/user_analytics',
  query: new URLSearchParams(),
  headers,
  body: Buffer.alloc(0),
  ip,
});

// The JSON text the database reads as request.headers (request_ip() trusts the last entry).
describe('forwardedHeadersJson', () => {
  const cases: [string, IncomingHttpHeaders, string][] = [
    ['no X-Forwarded-For sent', { host: 'x', apikey: 'k', accept: 'a"b\\c' }, '10.0.0.9'],
    ['one sent by the client', { host: 'x', 'x-forwarded-for': '1.2.3.4' }, '10.0.0.9'],
    ['a list sent twice', { host: 'x', 'x-forwarded-for': ['1.1.1.1', '2.2.2.2'] }, '::1'],
    ['no headers at all', {}, '10.0.0.9'],
    ['no client address known', { host: 'x' }, ''],
  ];

  it.each(cases)('%s: the same text as the copied headers', (_, headers, ip) => {
    const req = request(headers, ip);
    expect(forwardedHeadersJson(req)).toBe(JSON.stringify(withForwardedFor(req)));
  });

  it('puts the client address last in X-Forwarded-For, after what the client sent', () => {
    const parsed = JSON.parse(
      forwardedHeadersJson(request({ host: 'x', 'x-forwarded-for': '6.6.6.6' }, '10.0.0.9')),
    ) as Record<string, string>;
    expect(parsed['x-forwarded-for']).toBe('6.6.6.6, 10.0.0.9');
    const fresh = JSON.parse(forwardedHeadersJson(request({ host: 'x' }, '10.0.0.9'))) as Record<
      string,
      string
    >;
    expect(fresh).toEqual({ host: 'x', 'x-forwarded-for': '10.0.0.9' });
  });
});
