/**
 * Accessibility settings (contrast, motion, text size, focus rings, screen reader), stored in this
 * browser and applied to the whole document (<html>), so every remote inherits them without
 * importing anything.
 */
export type FontSizeSetting = 'small' | 'medium' | 'large' | 'xl';

export interface AccessibilitySettings {
  highContrast: boolean;
  reducedMotion: boolean;
  fontSize: FontSizeSetting;
  focusVisible: boolean;
  screenReaderOptimizations: boolean;
}

export const DEFAULT_ACCESSIBILITY_SETTINGS: Readonly<AccessibilitySettings> = {
  highContrast: false,
  reducedMotion: false,
  fontSize: 'medium',
  focusVisible: true,
  screenReaderOptimizations: false,
};

/**
 * Contains "accessibility": the root error screen's Refresh Page clears every key containing
 * analytics, accessibility or session, so a broken setting cannot keep the app failing.
 */
export const ACCESSIBILITY_STORAGE_KEY = 'promatch.accessibility';

export const FONT_SIZES: readonly FontSizeSetting[] = ['small', 'medium', 'large', 'xl'];

/** Root font size per setting: rem-based styles everywhere scale with it. */
const ROOT_FONT_SIZE: Readonly<Record<FontSizeSetting, string>> = {
  small: '87.5%',
  medium: '100%',
  large: '112.5%',
  xl: '125%',
};

const BOOLEAN_KEYS = [
  'highContrast',
  'reducedMotion',
  'focusVisible',
  'screenReaderOptimizations',
] as const;

/** Accepts any stored value: unknown or malformed fields fall back to the defaults. */
export function parseAccessibilitySettings(raw: unknown): AccessibilitySettings {
  const settings: AccessibilitySettings = { ...DEFAULT_ACCESSIBILITY_SETTINGS };
  if (typeof raw !== 'object' || raw === null) return settings;
  const candidate = raw as Record<string, unknown>;
  for (const key of BOOLEAN_KEYS) {
    if (typeof candidate[key] === 'boolean') settings[key] = candidate[key];
  }
  const fontSize = candidate.fontSize;
  if (FONT_SIZES.includes(fontSize as FontSizeSetting)) {
    settings.fontSize = fontSize as FontSizeSetting;
  }
  return settings;
}

export function readAccessibilitySettings(storage: Storage = localStorage): AccessibilitySettings {
  try {
    const stored = storage.getItem(ACCESSIBILITY_STORAGE_KEY);
    return parseAccessibilitySettings(stored ? JSON.parse(stored) : null);
  } catch {
    // Storage blocked or corrupted: the defaults are the safe answer.
    return { ...DEFAULT_ACCESSIBILITY_SETTINGS };
  }
}

export function writeAccessibilitySettings(
  settings: AccessibilitySettings,
  storage: Storage = localStorage,
): void {
  try {
    storage.setItem(ACCESSIBILITY_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Private mode or full storage: the settings still apply for this page.
  }
}

/**
 * Puts the settings on <html>: data attributes (what the global styles select on), matching
 * classes for remotes that prefer class names, and the root font size.
 */
export function applyAccessibilitySettings(
  settings: AccessibilitySettings,
  root: HTMLElement = document.documentElement,
): void {
  const flags: Record<string, boolean> = {
    'high-contrast': settings.highContrast,
    'reduced-motion': settings.reducedMotion,
    'focus-visible': settings.focusVisible,
    'screen-reader': settings.screenReaderOptimizations,
  };
  for (const [name, on] of Object.entries(flags)) {
    root.setAttribute(`data-a11y-${name}`, String(on));
    root.classList.toggle(`a11y-${name}`, on);
  }
  root.setAttribute('data-a11y-font-size', settings.fontSize);
  root.style.fontSize = ROOT_FONT_SIZE[settings.fontSize];
}
