import { useEffect } from 'react';

const TITLE_SUFFIX = 'Professional Services Platform';

/** 'Pricing' -> 'Pricing | ProMatch - Professional Services Platform': one suffix on every page. */
export function formatPageTitle(title?: string): string {
  const site = `ProMatch - ${TITLE_SUFFIX}`;
  return title ? `${title} | ${site}` : site;
}

/** Sets document.title for the page that calls it. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
}
