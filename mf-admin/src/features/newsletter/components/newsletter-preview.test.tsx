import { renderWithProviders } from '@promatch/shared/testing';
import { screen, within } from '@testing-library/react';
import { NewsletterPreview } from './newsletter-preview';

it('shows paragraphs, list items and bold as the e-mail will', () => {
  renderWithProviders(
    <NewsletterPreview
      subject="November at ProMatch"
      body={'Hello **everyone**.\nSecond line.\n\n- New categories\n- Faster search\n\nBye.'}
    />,
  );
  const preview = screen.getByRole('article', { name: 'Preview' });
  expect(
    within(preview).getByRole('heading', { name: 'November at ProMatch' }),
  ).toBeInTheDocument();
  expect(within(preview).getByText('everyone').tagName).toBe('STRONG');
  expect(
    within(preview)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['New categories', 'Faster search']);
  expect(within(preview).getByText('Bye.').tagName).toBe('P');
  expect(preview).toHaveTextContent('Unsubscribe');
});

it('shows typed HTML as text and never runs or renders it', () => {
  const { container } = renderWithProviders(
    <NewsletterPreview
      subject="<b>Hi</b>"
      body={'<img src=x onerror="alert(1)"> and <script>alert(2)</script>'}
    />,
  );
  expect(container.querySelector('img, script, b')).toBeNull();
  expect(screen.getByRole('heading', { name: '<b>Hi</b>' })).toBeInTheDocument();
  expect(screen.getByText(/<img src=x onerror="alert\(1\)"> and <script>/)).toBeInTheDocument();
});
