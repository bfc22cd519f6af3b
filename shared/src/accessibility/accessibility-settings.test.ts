import {
  ACCESSIBILITY_STORAGE_KEY,
  applyAccessibilitySettings,
  DEFAULT_ACCESSIBILITY_SETTINGS,
  parseAccessibilitySettings,
  readAccessibilitySettings,
  writeAccessibilitySettings,
} from './accessibility-settings';
import {
  getAccessibilitySettings,
  resetAccessibilitySettingsCache,
  updateAccessibilitySettings,
} from './use-accessibility-settings';

beforeEach(() => {
  localStorage.clear();
  resetAccessibilitySettingsCache();
});

test('defaults: normal contrast and motion, medium text, focus rings on', () => {
  expect(DEFAULT_ACCESSIBILITY_SETTINGS).toEqual({
    highContrast: false,
    reducedMotion: false,
    fontSize: 'medium',
    focusVisible: true,
    screenReaderOptimizations: false,
  });
  expect(readAccessibilitySettings()).toEqual(DEFAULT_ACCESSIBILITY_SETTINGS);
});

test('malformed stored values fall back field by field', () => {
  expect(
    parseAccessibilitySettings({ highContrast: 'yes', fontSize: 'huge', reducedMotion: true }),
  ).toEqual({ ...DEFAULT_ACCESSIBILITY_SETTINGS, reducedMotion: true });
  localStorage.setItem(ACCESSIBILITY_STORAGE_KEY, '{not json');
  expect(readAccessibilitySettings()).toEqual(DEFAULT_ACCESSIBILITY_SETTINGS);
});

test('settings round-trip through storage', () => {
  const settings = {
    ...DEFAULT_ACCESSIBILITY_SETTINGS,
    fontSize: 'xl' as const,
    highContrast: true,
  };
  writeAccessibilitySettings(settings);
  expect(readAccessibilitySettings()).toEqual(settings);
});

test('applying marks <html> with attributes, classes and the root font size', () => {
  const root = document.createElement('html');
  applyAccessibilitySettings(
    { ...DEFAULT_ACCESSIBILITY_SETTINGS, highContrast: true, fontSize: 'large' },
    root,
  );
  expect(root.getAttribute('data-a11y-high-contrast')).toBe('true');
  expect(root.classList.contains('a11y-high-contrast')).toBe(true);
  expect(root.getAttribute('data-a11y-reduced-motion')).toBe('false');
  expect(root.getAttribute('data-a11y-font-size')).toBe('large');
  expect(root.style.fontSize).toBe('112.5%');
});

test('updating saves, applies to the document and is read back', () => {
  updateAccessibilitySettings({ reducedMotion: true });
  expect(getAccessibilitySettings().reducedMotion).toBe(true);
  expect(document.documentElement.getAttribute('data-a11y-reduced-motion')).toBe('true');
  resetAccessibilitySettingsCache();
  expect(getAccessibilitySettings().reducedMotion).toBe(true);
});
