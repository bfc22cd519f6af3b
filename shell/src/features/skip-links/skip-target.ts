/** The four anchors of the skip-link bar, in reading order: keyboard users jump past the frame. */
export const SKIP_LINKS = [
  { id: 'main-content', label: 'Skip to main content' },
  { id: 'navigation', label: 'Skip to navigation' },
  { id: 'search', label: 'Skip to search' },
  { id: 'footer', label: 'Skip to footer' },
] as const;

export type SkipTargetId = (typeof SKIP_LINKS)[number]['id'];

const FOCUSABLE = 'input:not([type="hidden"]), textarea, select, button, a[href], [tabindex]';

/**
 * The element to focus for a skip link. For search that is the field itself (a form wrapping
 * it cannot take typing), otherwise the landmark, or the page's first search field when the
 * page has no #search.
 */
export function findSkipTarget(id: SkipTargetId, doc: Document = document): HTMLElement | null {
  const landmark = doc.getElementById(id);
  if (id === 'navigation' && landmark && !isRendered(landmark)) {
    // Below 768 px the nav lives in the mobile menu: its toggle is the way in.
    const toggles = doc.querySelectorAll<HTMLElement>('header button[aria-controls]');
    return [...toggles].find(isRendered) ?? landmark;
  }
  if (id !== 'search') return landmark;
  const field = landmark?.matches('input, textarea')
    ? landmark
    : (landmark?.querySelector<HTMLElement>('input[type="search"], input:not([type="hidden"])') ??
      doc.querySelector<HTMLElement>('main input[type="search"], main [role="search"] input'));
  return field ?? landmark;
}

function isRendered(element: HTMLElement): boolean {
  return element.getClientRects().length > 0;
}

/** Focuses an element that may not be focusable by nature, and brings it into view. */
export function focusTarget(element: HTMLElement): void {
  if (!element.matches(FOCUSABLE)) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'start' });
}

/**
 * Waits for a target that a remote renders after navigation (e.g. /search's field), giving up
 * after `timeoutMs`.
 */
export function waitForSkipTarget(
  id: SkipTargetId,
  timeoutMs = 5000,
  doc: Document = document,
): Promise<HTMLElement | null> {
  const found = findSkipTarget(id, doc);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const target = findSkipTarget(id, doc);
      if (target) finish(target);
    });
    const timer = setTimeout(() => finish(null), timeoutMs);
    function finish(target: HTMLElement | null) {
      observer.disconnect();
      clearTimeout(timer);
      resolve(target);
    }
    observer.observe(doc.body, { childList: true, subtree: true });
  });
}
