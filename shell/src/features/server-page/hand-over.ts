import { PAGE_RENDERED_EVENT, SERVER_PAGE_ELEMENT_ID } from '@promatch/shared';

/** Long enough for a slow connection; only a page that never reports itself falls back to it. */
const HAND_OVER_TIMEOUT_MS = 15_000;
const SERVER_PAGE_STYLE_ID = 'promatch-server-page-style';

/**
 * When the document came with a server-rendered page (decision 0035), the live app renders out
 * of sight and replaces it, in one frame, once the remote's page (or its error screen) has
 * rendered, so the visitor never sees a loading state between the two.
 */
export function handOverServerPage(doc: Document = document, win: Window = window): void {
  const serverPage = doc.getElementById(SERVER_PAGE_ELEMENT_ID);
  if (!serverPage) return;
  const replace = () => {
    clearTimeout(timer);
    win.removeEventListener(PAGE_RENDERED_EVENT, replace);
    serverPage.remove();
    doc.getElementById(SERVER_PAGE_STYLE_ID)?.remove();
  };
  win.addEventListener(PAGE_RENDERED_EVENT, replace);
  const timer = setTimeout(replace, HAND_OVER_TIMEOUT_MS);
}
