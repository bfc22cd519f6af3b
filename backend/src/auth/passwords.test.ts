import path from 'node:path';
import bcrypt from 'bcryptjs';
import { createBcryptPool } from './bcrypt-pool.ts';
import {
  assertStrongPassword,
  hashPassword,
  setPasswordEngine,
  verifyPassword,
} from './passwords.ts';

describe('passwords', () => {
  it('hashes with cost 10 and the $2a$ prefix GoTrue writes, on the worker pool', async () => {
    setPasswordEngine(createBcryptPool(path.resolve(__dirname, '../..'), 2));
    const hash = await hashPassword('Passw0rd-123');
    expect(hash).toMatch(/^\$2a\$10\$/);
    expect(await verifyPassword('Passw0rd-123', hash)).toBe(true);
    expect(await verifyPassword('wrong', hash)).toBe(false);
    expect(bcrypt.compareSync('Passw0rd-123', hash)).toBe(true);
  });

  it('never matches without a stored hash', async () => {
    expect(await verifyPassword('', null)).toBe(false);
    expect(await verifyPassword('anything', undefined)).toBe(false);
  });

  it('rejects short and over-long passwords with GoTrue errors', () => {
    expect(() => assertStrongPassword('12345', 6)).toThrow(
      'Password should be at least 6 characters.',
    );
    expect(() => assertStrongPassword('x'.repeat(73), 6)).toThrow(/longer than 72/);
    expect(() => assertStrongPassword('kq7-vz', 6)).not.toThrow();
    expect(() => assertStrongPassword('Password1', 6)).toThrow(/known to be weak/);
  });
});
