import { getSupabaseClient, toAppError } from '@promatch/shared';
import { SERVICE_CATEGORIES } from '@promatch/shared/categories';
import { MARKETING_PATHS } from '../app/app-routes';

/** One page for the sitemap: a site path, and when its content last changed if known. */
export interface ListedPage {
  path: string;
  lastModified?: string;
}

/** Pages that exist but are not worth indexing: a second address and a notice that things moved. */
const NOT_INDEXED = new Set(['/compliance', '/enterprise', '/unsubscribe']);
/** A sitemap file holds at most 50,000 addresses. */
const MAX_PAGES = 50_000;
const PROFILE_BATCH = 1000;

/** Every public professional profile the anonymous visitor may read, oldest id first. */
async function publicProfiles(limit: number): Promise<ListedPage[]> {
  const supabase = await getSupabaseClient();
  const pages: ListedPage[] = [];
  while (pages.length < limit) {
    const from = pages.length;
    const { data, error } = await supabase
      .from('profiles')
      .select('id,updated_at')
      .eq('account_type', 'professional')
      .order('id')
      .range(from, Math.min(from + PROFILE_BATCH, limit) - 1);
    if (error) throw toAppError(error);
    pages.push(
      ...data.map((row) => ({ path: `/professional/${row.id}`, lastModified: row.updated_at })),
    );
    if (data.length < PROFILE_BATCH) break;
  }
  return pages;
}

/**
 * Every public page of mf-marketing, for the site's sitemap: its fixed pages, one browse page per
 * service category and one page per public profile (read as the anonymous visitor, so row level
 * security decides which profiles are public). Throws when the profiles cannot be read, so the
 * sitemap is never served silently incomplete.
 */
export async function listPages(): Promise<ListedPage[]> {
  const fixed = MARKETING_PATHS.filter((path) => !path.includes(':') && !NOT_INDEXED.has(path));
  const categories = SERVICE_CATEGORIES.map((category) => ({
    path: `/browse-professionals?category=${category.slug}`,
  }));
  const listed = [...fixed.map((path) => ({ path })), ...categories];
  return [...listed, ...(await publicProfiles(MAX_PAGES - listed.length))];
}
