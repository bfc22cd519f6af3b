import { findSkipTarget, focusTarget, SKIP_LINKS, waitForSkipTarget } from './skip-target';

afterEach(() => {
  document.body.innerHTML = '';
});

test('four anchors in reading order', () => {
  expect(SKIP_LINKS.map((link) => link.id)).toEqual([
    'main-content',
    'navigation',
    'search',
    'footer',
  ]);
});

test('search targets the field inside #search, or the first search field in main', () => {
  document.body.innerHTML = `<form id="search" role="search"><input type="search" id="q" /></form>`;
  expect(findSkipTarget('search')?.id).toBe('q');
  document.body.innerHTML = `<main><input type="search" id="field" /></main>`;
  expect(findSkipTarget('search')?.id).toBe('field');
  document.body.innerHTML = `<main></main>`;
  expect(findSkipTarget('search')).toBeNull();
});

test('a landmark that cannot take focus is made focusable by script only', () => {
  document.body.innerHTML = `<footer id="footer">links</footer>`;
  const footer = findSkipTarget('footer');
  expect(footer).not.toBeNull();
  Element.prototype.scrollIntoView = jest.fn();
  focusTarget(footer as HTMLElement);
  expect(footer).toHaveAttribute('tabindex', '-1');
  expect(document.activeElement).toBe(footer);
});

test('waits for a target a remote renders later, and gives up after the time-out', async () => {
  const later = waitForSkipTarget('search', 1000);
  document.body.innerHTML = `<main><input type="search" id="late" /></main>`;
  expect((await later)?.id).toBe('late');
  document.body.innerHTML = '';
  await expect(waitForSkipTarget('search', 10)).resolves.toBeNull();
});
