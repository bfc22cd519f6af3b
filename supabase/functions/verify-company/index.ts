import {
  normaliseCompanyNumber,
  verifyCompanyRequestSchema,
  type CompanyRecord,
} from '@promatch/shared/company';
import type { User } from '@supabase/supabase-js';
import { CompaniesHouseError, fetchCompany, searchRegister } from '../_shared/companies-house.ts';
import { serveOnDeno } from '../_shared/env.ts';
import { answerIfNotPost, json, readJson } from '../_shared/http.ts';
import { TtlCache } from '../_shared/ttl-cache.ts';
import { callerKey, callerUser, takeLookup, TOO_MANY_LOOKUPS_MESSAGE } from './caller-limit.ts';
import { FALLBACK_MESSAGES, NOT_FOUND_MESSAGE, notActiveMessage } from './messages.ts';
import { issueVerificationTicket, storeVerifiedCompanyFor } from './store-verified-company.ts';

// Register data changes slowly; ten minutes spares the 600-requests-per-5-minutes allowance.
const searchCache = new TtlCache<CompanyRecord[]>(10 * 60 * 1000);
const companyCache = new TtlCache<CompanyRecord | null>(10 * 60 * 1000);

function fallbackReason(error: unknown): string {
  if (error instanceof CompaniesHouseError) return FALLBACK_MESSAGES[error.failure];
  console.error('[verify-company] unexpected failure:', error);
  return FALLBACK_MESSAGES.unavailable;
}

async function search(query: string): Promise<Response> {
  const key = query.toLowerCase();
  try {
    let companies = searchCache.get(key);
    if (!companies) {
      companies = await searchRegister(query);
      searchCache.set(key, companies);
    }
    return json(200, { companies, fallback: false, error: null });
  } catch (error) {
    return json(200, { companies: [], fallback: true, error: fallbackReason(error) });
  }
}

/**
 * A verified answer is stored for the signed-in business asking (its own record), or handed to a
 * visitor as a single-use ticket for their sign-up; never as a company anyone may link to.
 */
async function recordVerification(
  user: User | null,
  company: CompanyRecord,
): Promise<string | null> {
  if (user) {
    await storeVerifiedCompanyFor(user, company);
    return null;
  }
  return issueVerificationTicket(company);
}

async function verify(companyNumber: string, user: User | null): Promise<Response> {
  // 'sc 1234' and 'SC001234' are the same company: cache by the normalised number.
  const key = normaliseCompanyNumber(companyNumber) ?? companyNumber;
  try {
    let company = companyCache.get(key);
    if (company === undefined) {
      company = await fetchCompany(companyNumber);
      companyCache.set(key, company);
    }
    if (!company)
      return json(200, {
        success: false,
        company: null,
        fallback: false,
        error: NOT_FOUND_MESSAGE,
      });
    if (company.company_status !== 'active') {
      return json(200, {
        success: false,
        company: null,
        fallback: false,
        error: notActiveMessage(company.company_status),
      });
    }
    const ticket = await recordVerification(user, company);
    return json(200, {
      success: true,
      company,
      verification_ticket: ticket,
      fallback: false,
      error: null,
    });
  } catch (error) {
    return json(200, {
      success: false,
      company: null,
      fallback: true,
      error: fallbackReason(error),
    });
  }
}

/**
 * POST {action:'search', query} -> {companies, fallback, error};
 * POST {action:'verify', company_number} -> {success, company, fallback, error} (decision 0013).
 * Any lookup failure answers 200 with `fallback: true`, so the form opens manual entry. Each
 * caller (user, or address for a visitor) has LOOKUPS_PER_WINDOW lookups per window; past it the
 * answer is 429 with a message, and the register is not asked.
 */
export default async function handler(request: Request): Promise<Response> {
  const notPost = answerIfNotPost(request, { fallback: false });
  if (notPost) return notPost;
  const parsed = verifyCompanyRequestSchema.safeParse(await readJson(request));
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? 'Invalid request';
    return json(400, { success: false, companies: [], company: null, fallback: false, error });
  }
  const user = await callerUser(request);
  if (!(await takeLookup(callerKey(request, user)))) {
    return json(
      429,
      {
        success: false,
        companies: [],
        company: null,
        fallback: false,
        error: TOO_MANY_LOOKUPS_MESSAGE,
      },
      { 'Retry-After': '300' },
    );
  }
  return parsed.data.action === 'search'
    ? search(parsed.data.query)
    : verify(parsed.data.company_number, user);
}

serveOnDeno(handler);
