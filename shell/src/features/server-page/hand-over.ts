import { PAGE_RENDERED_EVENT, SERVER_RENDERED_ATTRIBUTE } from '@promatch/shared';

/** Long enough for a slow connection; only a page that never reports itself falls back to it. */
const HAND_OVER_TIMEOUT_MS = 15_000;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const FIELDS = 'input[id], textarea[id], select[id]';

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

const isEdited = (field: Field) =>
  isToggle(field)
    ? field.checked !== field.defaultChecked
    : field instanceof HTMLSelectElement
      ? [...field.options].some((option) => option.selected !== option.defaultSelected)
      : field.value !== field.defaultValue;

/** Sets a field's value through its prototype's setter, which React's value tracking does not see. */
function setUntracked(field: Field, property: 'value' | 'checked', value: string | boolean): void {
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, property)?.set?.call(field, value);
}

/** What the visitor left in a field: its text, its choice or whether it is ticked. */
type Entry = string | boolean;

const entryOf = (field: Field): Entry => (isToggle(field) ? field.checked : field.value);

/**
 * Tells React what the visitor typed or chose before the field was hydrated. Hydration keeps
 * the text on screen but records it as the field's known value, so no change event would follow
 * and the component's state would still hold the server's value (and put it back on its next
 * render). The field's tracked value is first set to something else, then the visitor's is put
 * back untracked and announced with the event React listens to, which React sees as a change.
 */
function announceEntry(field: Field, entry: Entry): void {
  if (isToggle(field)) {
    field.checked = !entry;
    field.click();
    return;
  }
  field.value = field instanceof HTMLSelectElement ? '' : field.defaultValue;
  setUntracked(field, 'value', entry);
  field.dispatchEvent(
    new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
  );
}

/**
 * The live page's element that stands where `element` stood, for the rare page that React could
 * not hydrate and rendered afresh: the element with the same id, or the same tag and text.
 */
function counterpartOf(element: HTMLElement, root: ParentNode): HTMLElement | null {
  if (element.id) return root.querySelector<HTMLElement>(`#${CSS.escape(element.id)}`);
  const text = element.textContent?.trim();
  const href = element.getAttribute('href');
  return (
    [...root.querySelectorAll<HTMLElement>(element.tagName)].find(
      (candidate) =>
        candidate.textContent?.trim() === text &&
        (href === null || candidate.getAttribute('href') === href),
    ) ?? null
  );
}

/**
 * When #root arrived with server-rendered markup (decision 0108), the live app hydrates it: the
 * same elements become the live page, so keyboard focus and anything typed stay where they are.
 * Once the remote's page has hydrated (it reports itself, as does its error screen), this hands
 * over what React could not know: fields edited before hydration are announced to React. Should
 * React have rendered part of the page afresh instead (a mismatch), focus and entries move to the
 * new elements with the same ids. Then the root stops being marked as server-rendered.
 */
export function handOverServerPage(doc: Document = document, win: Window = window): void {
  const root = doc.getElementById('root');
  if (!root?.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) return;
  const serverFields = [...root.querySelectorAll<Field>(FIELDS)];
  let lastFocused: HTMLElement | null = null;
  const trackFocus = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement) lastFocused = event.target;
  };
  doc.addEventListener('focusin', trackFocus);

  const handOver = () => {
    clearTimeout(timer);
    win.removeEventListener(PAGE_RENDERED_EVENT, handOver);
    doc.removeEventListener('focusin', trackFocus);
    root.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
    // Read every entry first: announcing one re-renders the page, which puts the other
    // controlled fields back to what their state holds.
    const entries = serverFields
      .filter(isEdited)
      .map((field) => ({ field, entry: entryOf(field) }));
    for (const { field, entry } of entries) {
      const live = field.isConnected
        ? field
        : root.querySelector<Field>(`#${CSS.escape(field.id)}`);
      if (live && live.tagName === field.tagName) announceEntry(live, entry);
    }
    const focused = lastFocused as HTMLElement | null;
    if (focused && !focused.isConnected && doc.activeElement === doc.body) {
      counterpartOf(focused, root)?.focus();
    }
  };
  win.addEventListener(PAGE_RENDERED_EVENT, handOver);
  const timer = setTimeout(handOver, HAND_OVER_TIMEOUT_MS);
}
