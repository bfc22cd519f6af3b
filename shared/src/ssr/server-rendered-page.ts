/*
 * The contract between a remote's server-side renderer, the shell's server that puts the rendered
 * page into index.html, and the shell in the browser that swaps it for the live page
 * (decision 0035). Plain constants and DOM helpers: the shell's entry reads them before React.
 */

/** The element holding the server-rendered page until the live page has drawn itself. */
export const SERVER_PAGE_ELEMENT_ID = 'promatch-server-page';
/** A JSON script with the react-query cache the server filled while rendering. */
const SERVER_QUERY_STATE_ELEMENT_ID = 'promatch-query-state';
/** Dispatched on window when a remote's page (not a loading placeholder) has rendered. */
export const PAGE_RENDERED_EVENT = 'promatch:page-rendered';

export function notifyPageRendered(): void {
  window.dispatchEvent(new Event(PAGE_RENDERED_EVENT));
}

/**
 * The server's react-query cache, read once: the first caller takes it, so a later client (a
 * test, a re-created client) never sees data that may since have changed.
 */
export function takeServerQueryState(): unknown {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(SERVER_QUERY_STATE_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent) as unknown;
  } catch {
    return undefined;
  }
}
