/**
 * A company is verified for an account, not for whoever names its number next (decision 0150).
 * Before: a visitor's verify-company call stored the register's record as verified in the one
 * row per company number, and any later business sign-up naming that number was linked to it,
 * verified. Lookups had no per-caller limit, so anyone could spend the server's Companies House
 * allowance. These tests failed on the old code; a business still verifies its own company, at
 * sign-up (with the ticket the lookup gives) or later while signed in.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  startCompaniesHouseStandIn,
  STAND_IN_API_KEY,
  type StandIn,
} from '../../../e2e/support/companies-house-stand-in.ts';
import { LOOKUPS_PER_WINDOW } from '../../../supabase/functions/verify-company/caller-limit.ts';
import { createSignedInUser, newClient } from '../support/fixtures-rls-world.ts';
import {
  postgresAvailable,
  startTestServer,
  type DbKind,
  type TestServer,
} from '../support/test-server.ts';

jest.setTimeout(60_000);

interface CompanyRow {
  id: string;
  owner_id: string | null;
  company_number: string;
  verified_at: string | null;
  verification_status: string;
}

const kinds: DbKind[] = postgresAvailable() ? ['pglite', 'postgres'] : ['pglite'];
if (!postgresAvailable())
  console.log('[test] SKIPPED company verification on postgres: nothing answers on 127.0.0.1:5432');

for (const kind of kinds) {
  describe(`security: company verification belongs to one account [${kind}]`, () => {
    let standIn: StandIn;
    let server: TestServer;
    let service: SupabaseClient;
    const run = randomUUID().slice(0, 8);

    beforeAll(async () => {
      standIn = await startCompaniesHouseStandIn();
      server = await startTestServer({
        db: kind,
        env: { COMPANIES_HOUSE_API_KEY: STAND_IN_API_KEY, COMPANIES_HOUSE_API_URL: standIn.url },
      });
      service = newClient(server, server.serviceRoleKey);
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
      await standIn?.close();
    }, 30_000);

    const lookup = (body: unknown, token = server.anonKey, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/functions/v1/verify-company`, {
        method: 'POST',
        headers: {
          apikey: server.anonKey,
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          ...headers,
        },
        body: JSON.stringify(body),
      });
    const verifyAsVisitor = async (companyNumber: string) => {
      const response = await lookup({ action: 'verify', company_number: companyNumber });
      expect(response.status).toBe(200);
      return (await response.json()) as {
        success: boolean;
        company: Record<string, unknown>;
        verification_ticket: string | null;
      };
    };
    const companiesNumbered = async (companyNumber: string) =>
      ((await service.from('companies').select('*').eq('company_number', companyNumber)).data ??
        []) as CompanyRow[];
    const signUpBusiness = (name: string, companyData: Record<string, unknown>) =>
      createSignedInUser(server, service, `${name}-${run}@example.com`, {
        name,
        account_type: 'business',
        company_data: companyData,
      });
    const companyOf = async (userId: string) => {
      const { data } = await service
        .from('profiles')
        .select('companies(id, owner_id, company_number, verified_at, verification_status)')
        .eq('id', userId)
        .single();
      return (data as unknown as { companies: CompanyRow | null }).companies;
    };

    test('a visitor verifying a number stores nothing as verified, and gets a ticket', async () => {
      const answer = await verifyAsVisitor('12345678');
      expect(answer.success).toBe(true);
      expect(answer.verification_ticket).toMatch(/^[0-9a-f-]{36}$/);
      expect(await companiesNumbered('12345678')).toEqual([]);
    });

    test('a business signing up with the ticket is verified; the ticket works once', async () => {
      const answer = await verifyAsVisitor('07654321');
      const first = await signUpBusiness('first', {
        ...answer.company,
        verification_ticket: answer.verification_ticket,
      });
      const own = await companyOf(first.id);
      expect(own).toMatchObject({ owner_id: first.id, company_number: '07654321' });
      expect(own?.verified_at).not.toBeNull();
      expect(own?.verification_status).toBe('verified');

      // a second account naming the same, already verified, number (even replaying the used
      // ticket) gets its own pending record, never the first firm's
      const second = await signUpBusiness('second', {
        ...answer.company,
        verification_ticket: answer.verification_ticket,
      });
      const theirs = await companyOf(second.id);
      expect(theirs).toMatchObject({ owner_id: second.id, company_number: '07654321' });
      expect(theirs?.id).not.toBe(own?.id);
      expect(theirs?.verified_at).toBeNull();
      expect(theirs?.verification_status).toBe('pending');
      // and cannot read the first firm's record
      const peek = await second.client
        .from('companies')
        .select('id')
        .eq('company_number', '07654321');
      expect(peek.data).toEqual([{ id: theirs?.id }]);
      // the first firm's record is unchanged
      expect((await companyOf(first.id))?.verified_at).toBe(own?.verified_at);
    });

    test('company data typed into sign-up metadata never arrives verified', async () => {
      const forger = await signUpBusiness('forger', {
        company_number: 'SC123456',
        company_name: 'PROMATCH TEST SCOTLAND LTD',
        company_type: 'ltd',
        verification_ticket: randomUUID(),
      });
      const own = await companyOf(forger.id);
      expect(own).toMatchObject({
        owner_id: forger.id,
        verified_at: null,
        verification_status: 'pending',
      });
    });

    test('a signed-in business verifies its own company, and only its own record changes', async () => {
      const typed = await signUpBusiness('later', {
        company_number: 'SC123456',
        company_name: 'PROMATCH TEST SCOTLAND LTD',
        company_type: 'manual_entry',
      });
      expect((await companyOf(typed.id))?.verified_at).toBeNull();
      const token = (await typed.client.auth.getSession()).data.session!.access_token;
      const response = await lookup({ action: 'verify', company_number: 'SC123456' }, token);
      expect(response.status).toBe(200);
      const answer = (await response.json()) as { success: boolean; verification_ticket: unknown };
      expect(answer).toMatchObject({ success: true, verification_ticket: null });
      const own = await companyOf(typed.id);
      expect(own?.owner_id).toBe(typed.id);
      expect(own?.verified_at).not.toBeNull();
      // the forger's record for the same number stays pending
      const others = (await companiesNumbered('SC123456')).filter((c) => c.owner_id !== typed.id);
      expect(others.every((c) => c.verified_at === null)).toBe(true);
    });

    test('lookups are limited per caller with a clear 429; a forged X-Forwarded-For does not help', async () => {
      let last: Response | undefined;
      for (let i = 0; i <= LOOKUPS_PER_WINDOW; i++) {
        last = await lookup({ action: 'search', query: 'promatch' });
        if (last.status === 429) break;
      }
      expect(last?.status).toBe(429);
      const body = (await last!.json()) as { error: string; fallback: boolean };
      expect(body.error).toMatch(/Too many company look-ups/);
      expect(body.fallback).toBe(false);
      const forged = await lookup({ action: 'search', query: 'promatch' }, server.anonKey, {
        'X-Forwarded-For': '203.0.113.7',
      });
      expect(forged.status).toBe(429);
      // a signed-in user has an allowance of their own
      const user = await signUpBusiness('own-allowance', {});
      const token = (await user.client.auth.getSession()).data.session!.access_token;
      expect((await lookup({ action: 'search', query: 'promatch' }, token)).status).toBe(200);
    });
  });
}
