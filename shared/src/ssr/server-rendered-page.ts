/*
 * The contract between a remote's server-side renderer, the shell's server that puts the rendered
 * page into index.html, and the shell in the browser that hydrates it (decisions 0035, 0108).
 * Plain constants and DOM helpers: the shell's entry reads them before React.
 */

/**
 * On #root while it holds server-rendered markup that the live app is to hydrate; the shell
 * removes it once the page has hydrated (and the frame's script, with the markup, for a visitor
 * the server did not render for).
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
/** A JSON script with the react-query cache the server filled while rendering. */
const SERVER_QUERY_STATE_ELEMENT_ID = 'promatch-query-state';
/** Dispatched on window when a remote's page (not a loading placeholder) has rendered or hydrated. */
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
