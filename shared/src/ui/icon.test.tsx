import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/render';
import { Icon } from './icon';

it('draws an SVG hidden from assistive technology when it is decoration', () => {
  const { container } = renderWithProviders(
    <button type="button">
      <Icon name="bell" /> Notifications
    </button>,
  );
  const svg = container.querySelector('svg');
  expect(svg).not.toBeNull();
  expect(svg).toHaveAttribute('aria-hidden', 'true');
  expect(screen.getByRole('button')).toHaveAccessibleName('Notifications');
  expect(screen.queryByRole('img')).not.toBeInTheDocument();
});

it('gives a meaningful icon an accessible name', () => {
  renderWithProviders(<Icon name="check" label="Passed" size="1rem" />);
  const image = screen.getByRole('img', { name: 'Passed' });
  expect(image.tagName.toLowerCase()).toBe('svg');
  expect(image).not.toHaveAttribute('aria-hidden');
  expect(image).toHaveAttribute('width', '1rem');
  expect(image).toHaveAttribute('fill', 'none');
});

it('fills the glyph with the text colour when asked', () => {
  renderWithProviders(<Icon name="star" label="Rated" filled />);
  expect(screen.getByRole('img', { name: 'Rated' })).toHaveAttribute('fill', 'currentColor');
});
