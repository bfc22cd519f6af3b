import { describeEachDb } from '../support/test-server.ts';
import { adminCases } from './cases-admin.ts';
import { mfaCases } from './cases-mfa.ts';
import { protocolCases } from './cases-protocol.ts';
import { recoveryCases } from './cases-recovery.ts';
import { sessionCases } from './cases-sessions.ts';
import { signupCases } from './cases-signup.ts';

jest.setTimeout(60_000);

/**
 * The auth API driven through @supabase/supabase-js itself against the running server, on PGlite
 * and on PostgreSQL. One server per database keeps the suite fast; limits are raised so the many
 * sign-ins here do not trip them (auth-rate-limit.test.ts covers the limits).
 */
const env = {
  RATE_LIMIT_SIGN_IN: '100000',
  RATE_LIMIT_SIGN_UP: '100000',
  RATE_LIMIT_RECOVER: '100000',
  RATE_LIMIT_EMAIL_SENT: '100000',
  RATE_LIMIT_VERIFY: '100000',
  REFRESH_TOKEN_REUSE_INTERVAL: '1',
};

describeEachDb(
  'auth conformance (supabase-js)',
  (ctx) => {
    describe('sign-up and sign-in', () => signupCases(ctx));
    describe('protocol and bad input', () => protocolCases(ctx));
    describe('sessions and tokens', () => sessionCases(ctx));
    describe('recovery and PKCE', () => recoveryCases(ctx));
    describe('MFA TOTP', () => mfaCases(ctx));
    describe('admin API', () => adminCases(ctx));
  },
  { env },
);
