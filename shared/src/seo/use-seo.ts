import { useEffect } from 'react';
import { formatPageTitle } from '../routing/page-title';

export interface SeoInput {
  /** The page's own title; the shared suffix is added (spec section 2). */
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. '/pricing'. Defaults to the current path without a query. */
  path?: string;
  /** schema.org JSON-LD for the page (e.g. a Person on a profile). */
  jsonLd?: Record<string, unknown>;
  /** Keep the page out of search results (e.g. a not-found profile). */
  noIndex?: boolean;
}

const JSON_LD_ID = 'page-json-ld';

/** Finds or creates `<meta name|property=key>` / `<link rel=key>` in the head and sets it. */
function setHeadTag(
  tag: 'meta' | 'link',
  attr: string,
  key: string,
  valueAttr: string,
  value: string,
) {
  let element = document.head.querySelector<HTMLElement>(`${tag}[${attr}="${key}"]`);
  if (!element) {
    element = document.createElement(tag);
    element.setAttribute(attr, key);
    document.head.appendChild(element);
  }
  element.setAttribute(valueAttr, value);
}

function setJsonLd(data: Record<string, unknown> | undefined) {
  document.getElementById(JSON_LD_ID)?.remove();
  if (!data) return;
  const script = document.createElement('script');
  script.id = JSON_LD_ID;
  script.type = 'application/ld+json';
  script.textContent = JSON.stringify(data);
  document.head.appendChild(script);
}

/** Applies title, description, canonical, robots, Open Graph and JSON-LD to the document head. */
export function applySeo({ title, description, path, jsonLd, noIndex }: SeoInput): void {
  const fullTitle = formatPageTitle(title);
  const url = new URL(path ?? window.location.pathname, window.location.origin).toString();
  document.title = fullTitle;
  setHeadTag('meta', 'name', 'description', 'content', description);
  setHeadTag('meta', 'name', 'robots', 'content', noIndex ? 'noindex' : 'index, follow');
  setHeadTag('link', 'rel', 'canonical', 'href', url);
  setHeadTag('meta', 'property', 'og:title', 'content', fullTitle);
  setHeadTag('meta', 'property', 'og:description', 'content', description);
  setHeadTag('meta', 'property', 'og:url', 'content', url);
  setHeadTag(
    'meta',
    'property',
    'og:type',
    'content',
    jsonLd?.['@type'] === 'Person' ? 'profile' : 'website',
  );
  setHeadTag('meta', 'property', 'og:site_name', 'content', 'ProMatch');
  setHeadTag('meta', 'property', 'og:locale', 'content', 'en_GB');
  setHeadTag('meta', 'name', 'twitter:card', 'content', 'summary');
  setJsonLd(jsonLd);
}

/**
 * Head tags of one public page. Set on the client: crawlers that run JavaScript (and Lighthouse)
 * read them; the shell's index.html keeps a site-wide description for those that do not.
 */
export function useSeo(input: SeoInput): void {
  const { title, description, path, noIndex } = input;
  const jsonLd = input.jsonLd ? JSON.stringify(input.jsonLd) : undefined;
  useEffect(() => {
    applySeo({
      title,
      description,
      path,
      noIndex,
      jsonLd: jsonLd ? JSON.parse(jsonLd) : undefined,
    });
    return () => setJsonLd(undefined);
  }, [title, description, path, noIndex, jsonLd]);
}
