import { act, fireEvent, screen } from '@testing-library/react';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../constants/tooltip';
import { renderWithProviders } from '../testing/render';
import { Tooltip } from './tooltip';
import { resetTooltipSkipDelay } from './use-tooltip-open';

function renderTwo() {
  renderWithProviders(
    <>
      <Tooltip label="Change theme">
        <button type="button" aria-label="Change theme">
          T
        </button>
      </Tooltip>
      <Tooltip label="Open menu" align="end">
        <button type="button" aria-label="Open menu" aria-describedby="menu-hint">
          M
        </button>
      </Tooltip>
      <p id="menu-hint">hint</p>
    </>,
  );
  return {
    theme: screen.getByRole('button', { name: 'Change theme' }),
    menu: screen.getByRole('button', { name: 'Open menu' }),
  };
}

function advance(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  jest.useFakeTimers();
  resetTooltipSkipDelay();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('Tooltip', () => {
  it('uses the delays the product requires', () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  });

  it('opens after the pointer rests 700 ms on the trigger, not 699', () => {
    const { theme } = renderTwo();
    fireEvent.pointerEnter(theme);
    advance(699);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(theme).not.toHaveAttribute('aria-describedby');
    advance(1);
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveTextContent('Change theme');
    expect(theme).toHaveAttribute('aria-describedby', tooltip.id);
  });

  it('does not open when the pointer leaves before the delay', () => {
    const { theme } = renderTwo();
    fireEvent.pointerEnter(theme);
    advance(500);
    fireEvent.pointerLeave(theme);
    advance(1000);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens on keyboard focus after the delay and closes on blur', () => {
    const { theme } = renderTwo();
    act(() => theme.focus());
    advance(TOOLTIP_DELAY_MS);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Change theme');
    act(() => theme.blur());
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(theme).not.toHaveAttribute('aria-describedby');
  });

  it('opens the next tooltip at once within 300 ms of one closing, and after the delay later', () => {
    const { theme, menu } = renderTwo();
    fireEvent.pointerEnter(theme);
    advance(TOOLTIP_DELAY_MS);
    fireEvent.pointerLeave(theme);
    advance(299);
    fireEvent.pointerEnter(menu);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Open menu');

    fireEvent.pointerLeave(menu);
    advance(300);
    fireEvent.pointerEnter(theme);
    expect(screen.queryByRole('tooltip')).toBeNull();
    advance(TOOLTIP_DELAY_MS);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Change theme');
  });

  it('closes on Escape, also when opened by the pointer', () => {
    const { theme } = renderTwo();
    fireEvent.pointerEnter(theme);
    advance(TOOLTIP_DELAY_MS);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(theme).not.toHaveAttribute('aria-describedby');
  });

  it('keeps the trigger’s own description and adds its id while open', () => {
    const { menu } = renderTwo();
    expect(menu).toHaveAttribute('aria-describedby', 'menu-hint');
    act(() => menu.focus());
    advance(TOOLTIP_DELAY_MS);
    const tooltip = screen.getByRole('tooltip');
    expect(menu).toHaveAttribute('aria-describedby', `menu-hint ${tooltip.id}`);
  });

  it('closes on click and stays closed while the clicked trigger keeps focus', () => {
    const { theme } = renderTwo();
    fireEvent.pointerEnter(theme);
    advance(TOOLTIP_DELAY_MS);
    fireEvent.pointerDown(theme);
    act(() => theme.focus());
    fireEvent.click(theme);
    advance(TOOLTIP_DELAY_MS * 2);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('does not open for touch', () => {
    const { theme } = renderTwo();
    // jsdom has no PointerEvent, so fireEvent cannot set pointerType; React enters on pointerover.
    const touch = new MouseEvent('pointerover', { bubbles: true });
    Object.defineProperty(touch, 'pointerType', { value: 'touch' });
    act(() => {
      theme.dispatchEvent(touch);
    });
    advance(TOOLTIP_DELAY_MS);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
