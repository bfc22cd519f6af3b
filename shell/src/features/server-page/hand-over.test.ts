import { PAGE_RENDERED_EVENT, SERVER_PAGE_ELEMENT_ID } from '@promatch/shared';
import { handOverServerPage } from './hand-over';

function serverRenderedDocument() {
  document.head.innerHTML = '<style id="promatch-server-page-style">main{}</style>';
  document.body.innerHTML = `
    <div id="${SERVER_PAGE_ELEMENT_ID}">
      <nav><a href="#promatch-server-main">Skip to main content</a></nav>
      <main id="server-main" tabindex="-1" data-live-id="main-content">
        <a href="/search">Find Professionals</a>
      </main>
    </div>
    <div id="root">
      <nav><a href="#main-content">Skip to main content</a></nav>
      <header><a href="/search">Find Professionals</a></header>
      <main id="main-content" tabindex="-1"></main>
    </div>`;
}

afterEach(() => jest.useRealTimers());

it('replaces the server-rendered page when the live page has rendered', () => {
  serverRenderedDocument();
  handOverServerPage();
  expect(document.getElementById(SERVER_PAGE_ELEMENT_ID)).not.toBeNull();
  window.dispatchEvent(new Event(PAGE_RENDERED_EVENT));
  expect(document.getElementById(SERVER_PAGE_ELEMENT_ID)).toBeNull();
  expect(document.getElementById('promatch-server-page-style')).toBeNull();
  expect(document.getElementById('root')).not.toBeNull();
});

it('keeps keyboard focus on the same link of the live page', () => {
  serverRenderedDocument();
  handOverServerPage();
  const serverLink = document.querySelector<HTMLAnchorElement>(
    `#${SERVER_PAGE_ELEMENT_ID} a[href="/search"]`,
  );
  serverLink?.focus();
  window.dispatchEvent(new Event(PAGE_RENDERED_EVENT));
  expect(document.activeElement).toBe(document.querySelector('#root a[href="/search"]'));

  serverRenderedDocument();
  handOverServerPage();
  document.querySelector<HTMLAnchorElement>(`#${SERVER_PAGE_ELEMENT_ID} nav a`)?.focus();
  window.dispatchEvent(new Event(PAGE_RENDERED_EVENT));
  expect(document.activeElement).toBe(document.querySelector('#root nav a'));

  // After "Skip to main content" on the server page: the live page's main.
  serverRenderedDocument();
  handOverServerPage();
  document.getElementById('server-main')?.focus();
  window.dispatchEvent(new Event(PAGE_RENDERED_EVENT));
  expect(document.activeElement).toBe(document.getElementById('main-content'));
});

it('carries what the visitor typed into the live page, through the events React listens to', () => {
  document.body.innerHTML = `
    <div id="${SERVER_PAGE_ELEMENT_ID}">
      <input id="q" value=""><input id="untouched" value="server">
      <input id="verified" type="checkbox">
    </div>
    <div id="root"><input id="q" value=""><input id="untouched" value="live">
      <input id="verified" type="checkbox"></div>`;
  handOverServerPage();
  const server = document.getElementById(SERVER_PAGE_ELEMENT_ID)!;
  server.querySelector<HTMLInputElement>('#q')!.value = 'react in Leeds';
  server.querySelector<HTMLInputElement>('#verified')!.checked = true;
  const typed = jest.fn();
  document.getElementById('root')!.addEventListener('input', typed);
  window.dispatchEvent(new Event(PAGE_RENDERED_EVENT));
  expect(document.querySelector<HTMLInputElement>('#root #q')!.value).toBe('react in Leeds');
  expect(typed).toHaveBeenCalled();
  expect(document.querySelector<HTMLInputElement>('#root #untouched')!.value).toBe('live');
  expect(document.querySelector<HTMLInputElement>('#root #verified')!.checked).toBe(true);
});

it('gives way after a while even if the live page never reports itself', () => {
  jest.useFakeTimers();
  serverRenderedDocument();
  handOverServerPage();
  jest.advanceTimersByTime(14_000);
  expect(document.getElementById(SERVER_PAGE_ELEMENT_ID)).not.toBeNull();
  jest.advanceTimersByTime(1_000);
  expect(document.getElementById(SERVER_PAGE_ELEMENT_ID)).toBeNull();
});

it('does nothing on a document without a server-rendered page', () => {
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="root"><p>live</p></div>';
  handOverServerPage();
  window.dispatchEvent(new Event(PAGE_RENDERED_EVENT));
  expect(document.body.innerHTML).toBe('<div id="root"><p>live</p></div>');
});
