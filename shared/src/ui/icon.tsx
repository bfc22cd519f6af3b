import {
  Bell,
  Check,
  Mail,
  Menu,
  Monitor,
  Moon,
  Star,
  Sun,
  Video,
  X,
  type LucideIcon,
} from 'lucide-react';
import styled from 'styled-components';

/**
 * The icon set: SVG icons from Lucide, named here so every app draws the same glyph on every
 * platform (a Unicode or emoji character depends on the fonts installed: the bell drew as an empty
 * box where there is no emoji font). Only the icons listed are bundled; add one here to use it.
 * `@promatch/shared` is a federation singleton, so the browser loads this set once for all apps.
 */
const ICONS = {
  bell: Bell,
  check: Check,
  close: X,
  mail: Mail,
  menu: Menu,
  monitor: Monitor,
  moon: Moon,
  star: Star,
  sun: Sun,
  video: Video,
} satisfies Record<string, LucideIcon>;

/** Sits the glyph on the text's baseline like a character would, and never lets flex squash it. */
const Frame = styled.span`
  display: inline-flex;
  flex-shrink: 0;
  vertical-align: -0.15em;
`;

export type IconName = keyof typeof ICONS;

export interface IconProps {
  name: IconName;
  /**
   * What the icon means, for a screen reader, when nothing beside it says so (an icon-only
   * link or status). Leave it out when the icon is decoration next to text or inside a control
   * that has its own name: the icon is then hidden from assistive technology.
   */
  label?: string;
  /** Width and height; the default `1.15em` follows the surrounding text size. */
  size?: string;
  /** Fill the shape with the current colour (a filled star, say). */
  filled?: boolean;
  className?: string;
}

/** One icon from the shared set: decorative (`aria-hidden`) unless given a `label`. */
export function Icon({ name, label, size = '1.15em', filled = false, className }: IconProps) {
  const Glyph = ICONS[name];
  const accessibility = label
    ? ({ role: 'img', 'aria-label': label } as const)
    : ({ 'aria-hidden': true } as const);
  return (
    <Frame className={className}>
      <Glyph
        {...accessibility}
        width={size}
        height={size}
        fill={filled ? 'currentColor' : 'none'}
        focusable="false"
      />
    </Frame>
  );
}
