import type { BackendConfig } from '../config/config.ts';

function globToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  // '**' spans path segments, '*' stays within one.
  const source = escaped
    .split('**')
    .map((part) => part.replace(/\*/g, '[^/]*'))
    .join('.*');
  return new RegExp(`^${source}$`);
}

/** Same origin and the path continues the allowed one at a segment boundary (no `/app-evil`). */
function matchesPrefix(candidate: URL, allowed: string): boolean {
  let base: URL;
  try {
    base = new URL(allowed);
  } catch {
    return false;
  }
  if (candidate.origin !== base.origin) return false;
  const basePath = base.pathname.replace(/\/$/, '');
  return (
    candidate.pathname === basePath ||
    candidate.pathname.startsWith(`${basePath}/`) ||
    basePath === ''
  );
}

/** True when `url` is the site URL or matches an entry of the allow list (prefix, or glob with `*`). */
export function isAllowedRedirect(
  url: string,
  config: Pick<BackendConfig, 'siteUrl' | 'redirectAllowList'>,
): boolean {
  let candidate: URL;
  try {
    candidate = new URL(url);
  } catch {
    return false;
  }
  if (candidate.protocol !== 'http:' && candidate.protocol !== 'https:') return false;
  if (candidate.username || candidate.password) return false;
  return [config.siteUrl, ...config.redirectAllowList].some((entry) =>
    entry.includes('*') ? globToRegExp(entry).test(url) : matchesPrefix(candidate, entry),
  );
}

/** The redirect target to use: the requested one when allowed, otherwise the site URL (no open redirect). */
export function safeRedirect(
  requested: string | null | undefined,
  config: Pick<BackendConfig, 'siteUrl' | 'redirectAllowList'>,
): string {
  return requested && isAllowedRedirect(requested, config) ? requested : config.siteUrl;
}
