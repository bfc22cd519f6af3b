import { formatPageTitle, JSON_LD_ID, seoHeadTags, type SeoInput } from '@promatch/shared';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The head of a server-rendered page: the same title and tags `useSeo` sets in the browser,
 * which then finds and updates them rather than adding a second set.
 */
export function headHtml(seo: SeoInput, canonical: URL): string {
  const tags = seoHeadTags(seo, canonical.toString()).map(
    ({ tag, attr, key, valueAttr, value }) =>
      `<${tag} ${attr}="${escapeHtml(key)}" ${valueAttr}="${escapeHtml(value)}">`,
  );
  // A page may give its JSON-LD a site-relative url (there is no window on the server).
  const data = seo.jsonLd && {
    ...seo.jsonLd,
    ...(typeof seo.jsonLd.url === 'string' && {
      url: new URL(seo.jsonLd.url, canonical).toString(),
    }),
  };
  const jsonLd = data
    ? `<script id="${JSON_LD_ID}" type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`
    : '';
  return `<title>${escapeHtml(formatPageTitle(seo.title))}</title>${tags.join('')}${jsonLd}`;
}
