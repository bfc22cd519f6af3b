import { renderWithProviders } from '@promatch/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { SkipLinks } from './skip-links';

function CurrentPath() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function Site() {
  return (
    <>
      <SkipLinks onAccessibilitySettings={() => undefined} />
      <Routes>
        <Route path="/pricing" element={<main id="main-content">Pricing</main>} />
        <Route
          path="/search"
          element={
            <main id="main-content">
              <input type="search" aria-label="Search professionals" />
            </main>
          }
        />
      </Routes>
      <CurrentPath />
    </>
  );
}

beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
});

afterEach(() => window.history.replaceState(null, '', '/'));

test('"Skip to search" followed before the code loaded ends on the search page\'s field', async () => {
  // What the browser did natively with the server-rendered link on a page without search.
  window.history.replaceState(null, '', '/pricing#search');
  renderWithProviders(<Site />, '/pricing');
  await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent('/search'), {
    timeout: 3000,
  });
  await waitFor(() => expect(screen.getByRole('searchbox')).toHaveFocus());
});

test('a page that draws its own search field keeps the visitor and focuses that field', async () => {
  window.history.replaceState(null, '', '/search#search');
  renderWithProviders(<Site />, '/search');
  await waitFor(() => expect(screen.getByRole('searchbox')).toHaveFocus());
  expect(screen.getByTestId('path')).toHaveTextContent('/search');
});

test('without the #search fragment nothing moves', async () => {
  window.history.replaceState(null, '', '/pricing');
  renderWithProviders(<Site />, '/pricing');
  await new Promise((resolve) => setTimeout(resolve, 1200));
  expect(screen.getByTestId('path')).toHaveTextContent('/pricing');
});
