import type { ApiRequest } from '../http/types.ts';
import { createRouter } from './router.ts';

const request = (method: string, path: string): ApiRequest => ({
  method,
  path,
  query: new URLSearchParams(),
  headers: { 'x-supabase-api-version': '2024-01-01' },
  body: Buffer.alloc(0),
  ip: '127.0.0.1',
});

describe('createRouter', () => {
  const router = createRouter(
    [
      {
        method: 'POST',
        pattern: '/factors/:id/verify',
        handle: async (_c, params) => ({ status: 200, body: params }),
      },
    ],
    () => undefined,
  );

  it('matches params', async () => {
    expect(await router(request('POST', '/factors/abc/verify'))).toEqual({
      status: 200,
      body: { id: 'abc' },
    });
  });

  it('answers 404 and 405 in GoTrue shape', async () => {
    expect(await router(request('POST', '/nope'))).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    expect(await router(request('GET', '/factors/abc/verify'))).toMatchObject({ status: 405 });
  });

  it('answers a broken %-escape in the path with a 400 in GoTrue shape', async () => {
    expect(await router(request('POST', '/factors/%zz/verify'))).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
  });
});
