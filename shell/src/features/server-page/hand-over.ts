import { PAGE_RENDERED_EVENT, SERVER_PAGE_ELEMENT_ID } from '@promatch/shared';

/** Long enough for a slow connection; only a page that never reports itself falls back to it. */
const HAND_OVER_TIMEOUT_MS = 15_000;
const SERVER_PAGE_STYLE_ID = 'promatch-server-page-style';

/**
 * The live page's element that stands where `element` of the server page did, if any: the one
 * its `data-live-id` names (the frame's own elements), or the same tag with the same text.
 */
function counterpartOf(element: HTMLElement, root: ParentNode): HTMLElement | null {
  const liveId = element.dataset.liveId;
  if (liveId) return root.querySelector<HTMLElement>(`#${CSS.escape(liveId)}`);
  const text = element.textContent?.trim();
  const href = element.getAttribute('href');
  const candidates = root.querySelectorAll<HTMLElement>(element.tagName);
  return (
    [...candidates].find(
      (candidate) =>
        candidate.textContent?.trim() === text &&
        (href === null || href.startsWith('#') || candidate.getAttribute('href') === href),
    ) ?? null
  );
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

const isEdited = (field: Field) =>
  isToggle(field)
    ? field.checked !== field.defaultChecked
    : field instanceof HTMLSelectElement
      ? [...field.options].some((option) => option.selected !== option.defaultSelected)
      : field.value !== field.defaultValue;

/**
 * Puts what the visitor typed or chose on the server page into the live page's field with the
 * same id, through the events React listens to, so nothing they entered is lost.
 */
function carryOverField(field: Field, root: ParentNode): void {
  const live = root.querySelector<Field>(`#${CSS.escape(field.id)}`);
  if (!live || live.tagName !== field.tagName) return;
  if (isToggle(live)) {
    if (live.checked !== (field as HTMLInputElement).checked) live.click();
    return;
  }
  const prototype = Object.getPrototypeOf(live) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(live, field.value);
  live.dispatchEvent(
    new Event(live instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
  );
}

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
    const live = doc.getElementById('root') ?? doc;
    // A keyboard user who is already on a link keeps their place on the live page.
    const focused = doc.activeElement;
    const carried =
      focused instanceof HTMLElement && serverPage.contains(focused)
        ? counterpartOf(focused, live)
        : null;
    const edited = [
      ...serverPage.querySelectorAll<Field>('input[id], textarea[id], select[id]'),
    ].filter(isEdited);
    serverPage.remove();
    doc.getElementById(SERVER_PAGE_STYLE_ID)?.remove();
    edited.forEach((field) => carryOverField(field, live));
    carried?.focus();
  };
  win.addEventListener(PAGE_RENDERED_EVENT, replace);
  const timer = setTimeout(replace, HAND_OVER_TIMEOUT_MS);
}
