import { createContext, useContext, useEffect } from 'react';
import { formatPageTitle } from '../routing/page-title';

export interface SeoInput {
  /** The page's own title; the shared suffix is added by `formatPageTitle`. */
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. '/pricing'. Defaults to the current path without a query. */
  path?: string;
  /** schema.org JSON-LD for the page (e.g. a Person on a profile). */
  jsonLd?: Record<string, unknown>;
  /** Keep the page out of search results (e.g. a not-found profile). */
  noIndex?: boolean;
}

/** One head tag: `<tag attr="key" valueAttr="value">`. */
interface HeadTag {
  tag: 'meta' | 'link';
  attr: string;
  key: string;
  valueAttr: string;
  value: string;
}

export const JSON_LD_ID = 'page-json-ld';

/** The head tags of a page at `url` (its absolute canonical URL), in the order they are set. */
export function seoHeadTags(
  { title, description, jsonLd, noIndex }: SeoInput,
  url: string,
): HeadTag[] {
  const meta = (attr: string, key: string, value: string): HeadTag => ({
    tag: 'meta',
    attr,
    key,
    valueAttr: 'content',
    value,
  });
  const fullTitle = formatPageTitle(title);
  return [
    meta('name', 'description', description),
    meta('name', 'robots', noIndex ? 'noindex' : 'index, follow'),
    { tag: 'link', attr: 'rel', key: 'canonical', valueAttr: 'href', value: url },
    meta('property', 'og:title', fullTitle),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:type', jsonLd?.['@type'] === 'Person' ? 'profile' : 'website'),
    meta('property', 'og:site_name', 'ProMatch'),
    meta('property', 'og:locale', 'en_GB'),
    meta('name', 'twitter:card', 'summary'),
  ];
}

/** Finds or creates `<meta name|property=key>` / `<link rel=key>` in the head and sets it. */
function setHeadTag({ tag, attr, key, valueAttr, value }: HeadTag) {
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
function applySeo(input: SeoInput): void {
  const url = new URL(input.path ?? window.location.pathname, window.location.origin).toString();
  document.title = formatPageTitle(input.title);
  seoHeadTags(input, url).forEach(setHeadTag);
  setJsonLd(input.jsonLd);
}

/**
 * Provided by a server-side renderer, which has no document (decision 0035): it receives the
 * page's head and writes it into the HTML it sends.
 */
export const SeoCollector = createContext<((input: SeoInput) => void) | null>(null);

/**
 * Head tags of one public page: set in the browser (crawlers that run JavaScript, Lighthouse),
 * and written into server-rendered pages through SeoCollector.
 */
export function useSeo(input: SeoInput): void {
  useContext(SeoCollector)?.(input);
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
