import { PAGE_RENDERED_EVENT, SERVER_RENDERED_ATTRIBUTE } from '@promatch/shared';
import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { handOverServerPage } from './hand-over';

/** A page with a controlled search box and checkbox whose state is shown beside them. */
function SearchPage() {
  const [query, setQuery] = useState('');
  const [verified, setVerified] = useState(false);
  return (
    <main id="main-content" tabIndex={-1}>
      <a href="/pricing">Pricing</a>
      <input id="q" aria-label="Search" value={query} onChange={(e) => setQuery(e.target.value)} />
      <input
        id="verified"
        type="checkbox"
        checked={verified}
        onChange={(e) => setVerified(e.target.checked)}
      />
      <output id="state">{`${query}|${verified}`}</output>
    </main>
  );
}

let root: Root | undefined;

/** The document as the shell's server sends it: the page's markup in #root, marked for hydration. */
function serverRenderedDocument() {
  document.body.innerHTML = `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>${renderToString(<SearchPage />)}</div>`;
  return document.getElementById('root')!;
}

async function hydrate(container: HTMLElement) {
  await act(async () => {
    root = hydrateRoot(container, <SearchPage />, { onRecoverableError: () => undefined });
  });
}

const field = (id: string) => document.getElementById(id) as HTMLInputElement;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  jest.useRealTimers();
});

it('tells React what the visitor typed and ticked before hydration, once the page has hydrated', async () => {
  const container = serverRenderedDocument();
  handOverServerPage();
  // Typed into the server's markup, before any of the page's code has run.
  field('q').value = 'react in Leeds';
  field('verified').checked = true;
  await hydrate(container);
  // Hydration keeps the text on screen, but the page's state does not know it yet.
  expect(field('q').value).toBe('react in Leeds');
  expect(document.getElementById('state')!.textContent).toBe('|false');

  await act(async () => {
    window.dispatchEvent(new Event(PAGE_RENDERED_EVENT));
  });
  expect(document.getElementById('state')!.textContent).toBe('react in Leeds|true');
  expect(field('q').value).toBe('react in Leeds');
  expect(field('verified').checked).toBe(true);
  expect(container.hasAttribute(SERVER_RENDERED_ATTRIBUTE)).toBe(false);
});

it('keeps keyboard focus where it was: hydration adopts the same elements', async () => {
  const container = serverRenderedDocument();
  handOverServerPage();
  const link = container.querySelector('a')!;
  link.focus();
  await hydrate(container);
  await act(async () => {
    window.dispatchEvent(new Event(PAGE_RENDERED_EVENT));
  });
  expect(document.activeElement).toBe(link);
  expect(container.querySelector('a')).toBe(link);
});

it('moves focus to the same element when part of the page was rendered afresh', () => {
  const container = serverRenderedDocument();
  handOverServerPage();
  container.querySelector('a')!.focus();
  // What React does with markup it cannot hydrate: new elements in place of the server's.
  container.innerHTML = renderToString(<SearchPage />);
  window.dispatchEvent(new Event(PAGE_RENDERED_EVENT));
  expect(document.activeElement).toBe(container.querySelector('a'));
});

it('hands over after a while even if the page never reports itself', () => {
  jest.useFakeTimers();
  const container = serverRenderedDocument();
  handOverServerPage();
  jest.advanceTimersByTime(14_000);
  expect(container.hasAttribute(SERVER_RENDERED_ATTRIBUTE)).toBe(true);
  jest.advanceTimersByTime(1_000);
  expect(container.hasAttribute(SERVER_RENDERED_ATTRIBUTE)).toBe(false);
});

it('does nothing on a document the browser renders itself', () => {
  document.body.innerHTML = '<div id="root"><p>live</p></div>';
  handOverServerPage();
  window.dispatchEvent(new Event(PAGE_RENDERED_EVENT));
  expect(document.body.innerHTML).toBe('<div id="root"><p>live</p></div>');
});
