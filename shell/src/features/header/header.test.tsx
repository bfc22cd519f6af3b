import { TOOLTIP_DELAY_MS } from '@promatch/shared';
import { renderWithProviders } from '@promatch/shared/testing';
import { act, fireEvent, screen } from '@testing-library/react';
import { Header } from './header';

function hoverFor(element: HTMLElement, ms: number) {
  fireEvent.pointerEnter(element);
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  // Past the skip delay, so the next test's tooltips wait the full delay.
  act(() => {
    jest.advanceTimersByTime(1000);
  });
  jest.useRealTimers();
});

describe('Header icon buttons', () => {
  it('shows what the theme switcher does on hover, keeping its accessible name', () => {
    renderWithProviders(<Header onLogout={() => undefined} />);
    const themeButton = screen.getByRole('button', { name: 'Theme: System' });
    hoverFor(themeButton, TOOLTIP_DELAY_MS);
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveTextContent('Theme: System');
    expect(themeButton).toHaveAttribute('aria-describedby', tooltip.id);
    expect(themeButton).toHaveAccessibleName('Theme: System');
  });

  it('shows the menu toggle’s action and closes it when the toggle is pressed', () => {
    renderWithProviders(<Header onLogout={() => undefined} />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    hoverFor(toggle, TOOLTIP_DELAY_MS);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Open menu');
    fireEvent.pointerDown(toggle);
    fireEvent.click(toggle);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(screen.getByRole('button', { name: 'Close menu' })).toBeInTheDocument();
  });
});
