/**
 * The aal2 check is decided once per request (supabase/migrations/20261202010000_mfa_check_once_per_request.sql,
 * decision 0158): a yes is remembered for the transaction, bound to the request's claims. These
 * tests show the memo cannot carry a yes over to other claims in the same transaction, and that a
 * no is never remembered.
 */
import { Secret, TOTP } from 'otpauth';
import { confirmedUser, makeClient, PASSWORD } from '../support/auth-helpers.ts';
import { suiteFixture } from '../support/rest-helpers.ts';
import { describeEachDb, type TestServer } from '../support/test-server.ts';

jest.setTimeout(120_000);

// Asks, then switches the transaction's claims and asks again: what the policies would see.
const fixture = suiteFixture(
  'mfa_memo',
  `
create function public.mfa_memo_probe(other_claims text) returns boolean[]
language plpgsql volatile as $$
declare
  first boolean := private.mfa_satisfied();
begin
  perform set_config('request.jwt.claims', other_claims, true);
  return array[first, private.mfa_satisfied(), private.mfa_satisfied()];
end;
$$;
`,
);

async function enrolledUserId(server: TestServer): Promise<string> {
  const user = await confirmedUser(server, 'mfa-memo', { name: 'Memo', account_type: 'client' });
  const client = makeClient(server);
  const signedIn = await client.auth.signInWithPassword({ email: user.email, password: PASSWORD });
  if (signedIn.error) throw signedIn.error;
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  if (enrolled.error || enrolled.data.type !== 'totp') throw new Error('enrol failed');
  const code = new TOTP({ secret: Secret.fromBase32(enrolled.data.totp.secret) }).generate();
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code });
  if (verified.error) throw verified.error;
  return user.id;
}

describeEachDb(
  'mfa: the per-request memo',
  ({ server }) => {
    test('a yes for one set of claims is not a yes for another in the same transaction', async () => {
      const enrolledId = await enrolledUserId(server());
      const plain = await confirmedUser(server(), 'mfa-memo-plain', { name: 'Plain' });
      const enrolledAal1 = JSON.stringify({ sub: enrolledId, role: 'authenticated', aal: 'aal1' });
      const response = await fetch(`${server().url}/rest/v1/rpc/mfa_memo_probe`, {
        method: 'POST',
        headers: {
          apikey: server().anonKey,
          Authorization: `Bearer ${server().mintUserToken(plain.id, { aal: 'aal1' })}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ other_claims: enrolledAal1 }),
      });
      expect(response.status).toBe(200);
      // The plain user passes (and the pre-request remembered it); the enrolled user's aal1
      // claims do not, asked twice: a no is not remembered either.
      expect(await response.json()).toEqual([true, false, false]);
    });
  },
  { extraMigrationsDir: fixture },
);
