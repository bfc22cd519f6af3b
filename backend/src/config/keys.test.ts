import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BackendConfig } from './config.ts';
import { createKeys, VerifiedTokens, type Keys } from './keys.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('token verification, remembered per token until it expires', () => {
  let dataDir: string;
  let keys: Keys;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-keys-'));
    const config = {
      dataDir,
      jwtSecret: 'a-test-secret-of-at-least-thirty-two-characters',
      publicUrl: 'http://127.0.0.1:54321',
    } as BackendConfig;
    keys = await createKeys(config, {});
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('a token verified twice gives its claims both times; changing one copy changes nothing', async () => {
    const token = await keys.sign({ sub: 'user-1', role: 'authenticated' }, 60);
    const first = await keys.verify(token);
    first.role = 'service_role';
    const second = await keys.verify(token);
    expect(second.sub).toBe('user-1');
    expect(second.role).toBe('authenticated');
  });

  test('a token verified before is refused once it has expired, with the expiry error', async () => {
    const token = await keys.sign({ sub: 'user-2', role: 'authenticated' }, 1);
    await expect(keys.verify(token)).resolves.toMatchObject({ sub: 'user-2' });
    // the token's lifetime must pass: one second, the shortest a JWT's exp can express
    await sleep(2_100);
    await expect(keys.verify(token)).rejects.toMatchObject({ code: 'ERR_JWT_EXPIRED' });
  });

  test('a token differing from a verified one in its signature is still refused', async () => {
    const token = await keys.sign({ sub: 'user-3', role: 'authenticated' }, 60);
    await keys.verify(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'AB' : 'AA'}`;
    await expect(keys.verify(`${header}.${payload}.${flipped}`)).rejects.toThrow();
  });
});

describe('VerifiedTokens', () => {
  test('holds at most its capacity, the oldest making room', () => {
    const tokens = new VerifiedTokens(2);
    tokens.set('a', { sub: 'a' });
    tokens.set('b', { sub: 'b' });
    tokens.set('c', { sub: 'c' });
    expect(tokens.get('a')).toBeUndefined();
    expect(tokens.get('b')).toEqual({ sub: 'b' });
    expect(tokens.get('c')).toEqual({ sub: 'c' });
  });

  test('forgets a token at its exp and does not give one out before its nbf', () => {
    const tokens = new VerifiedTokens();
    tokens.set('expiring', { exp: 100 });
    tokens.set('later', { nbf: 200 });
    expect(tokens.get('expiring', 99)).toEqual({ exp: 100 });
    expect(tokens.get('expiring', 100)).toBeUndefined();
    expect(tokens.get('later', 150)).toBeUndefined();
  });
});
