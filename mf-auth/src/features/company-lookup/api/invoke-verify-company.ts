import { getSupabaseClient, toAppError } from '@promatch/shared';
import { type VerifyCompanyRequest } from '@promatch/shared/validation';

/** Calls the verify-company function; a non-2xx answer or a network failure throws. */
export async function invokeVerifyCompany<T>(body: VerifyCompanyRequest): Promise<T> {
  const client = await getSupabaseClient();
  const { data, error } = await client.functions.invoke<T>('verify-company', { body });
  if (error || data === null) throw toAppError(error ?? 'verify-company answered nothing');
  return data;
}
