import { cleanup, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from '../theme/theme';
import { Button, type ButtonSize, type ButtonVariant } from './button';

function styleOf(variant?: ButtonVariant, size?: ButtonSize): CSSStyleDeclaration {
  cleanup();
  render(
    <ThemeProvider theme={lightTheme}>
      <Button $variant={variant} $size={size}>
        Go
      </Button>
    </ThemeProvider>,
  );
  return getComputedStyle(screen.getByRole('button', { name: 'Go' }));
}

/** jsdom reports colours as rgb(); the theme writes them as hex. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

const { colors } = lightTheme;

describe('Button', () => {
  it('defaults to the primary colours at the default size', () => {
    const style = styleOf();
    expect(style.backgroundColor).toBe(rgb(colors.primary));
    expect(style.color).toBe(rgb(colors.onPrimary));
    expect(style.padding).toBe('0.55rem 1rem');
  });

  it.each<[ButtonVariant, string, string]>([
    ['default', colors.primary, colors.onPrimary],
    ['cta', colors.primary, colors.onPrimary],
    ['destructive', colors.danger, '#ffffff'],
    ['secondary', colors.surface, colors.text],
  ])('draws the %s variant on its own background', (variant, background, text) => {
    const style = styleOf(variant);
    expect(style.backgroundColor).toBe(rgb(background));
    expect(style.color).toBe(rgb(text));
  });

  it.each<ButtonVariant>(['outline', 'ghost', 'link'])(
    'draws the %s variant without a background',
    (variant) => {
      expect(styleOf(variant).backgroundColor).toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
    },
  );

  it('marks the call to action bold, outlines the outline variant and underlines the link', () => {
    expect(styleOf('cta').fontWeight).toBe('700');
    expect(styleOf('outline').borderColor).toBe(rgb(colors.border));
    const link = styleOf('link');
    expect(link.textDecoration).toBe('underline');
    expect(link.color).toBe(rgb(colors.primary));
  });

  it.each<[ButtonSize, string]>([
    ['sm', '0.35rem 0.75rem'],
    ['lg', '0.75rem 1.5rem'],
    ['icon', '0.5rem'],
  ])('pads the %s size', (size, padding) => {
    expect(styleOf('default', size).padding).toBe(padding);
  });

  it('gives the icon size a square 2.5rem box', () => {
    const style = styleOf('ghost', 'icon');
    expect([style.width, style.height]).toEqual(['2.5rem', '2.5rem']);
  });
});
