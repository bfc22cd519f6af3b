import { renderWithProviders } from '@promatch/shared/testing';
import { screen } from '@testing-library/react';
import { MessageText, splitLinks } from './message-text';

describe('message text', () => {
  test('HTML in a message is shown as the characters typed, never as markup', () => {
    const { container } = renderWithProviders(
      <MessageText text={'<img src=x onerror="alert(1)"> <b>bold</b>'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror="alert(1)"> <b>bold</b>');
  });

  test('http and https links become safe links; trailing punctuation stays text', () => {
    renderWithProviders(<MessageText text="See https://example.co.uk/brief?id=1. Thanks" />);
    const link = screen.getByRole('link', { name: 'https://example.co.uk/brief?id=1' });
    expect(link).toHaveAttribute('href', 'https://example.co.uk/brief?id=1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.getAttribute('rel')).toContain('noreferrer');
  });

  test('javascript: and data: addresses are never links', () => {
    renderWithProviders(<MessageText text="javascript:alert(1) data:text/html,hi" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(splitLinks('plain words')).toEqual([{ kind: 'text', text: 'plain words' }]);
  });
});
