import {
  type AccessibilitySettings,
  Card,
  FieldGroup,
  FONT_SIZES,
  type ThemePreference,
  updateAccessibilitySettings,
  useAccessibilitySettings,
  useSession,
} from '@promatch/shared';
import styled from 'styled-components';

const SwitchLabel = styled.label`
  display: block;
  margin-bottom: ${({ theme }) => theme.space.sm};
`;

const THEMES: { value: ThemePreference; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'Same as my device' },
];

const FONT_LABELS: Record<(typeof FONT_SIZES)[number], string> = {
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
  xl: 'Extra large',
};

const SWITCHES: { key: Exclude<keyof AccessibilitySettings, 'fontSize'>; label: string }[] = [
  { key: 'highContrast', label: 'High contrast' },
  { key: 'reducedMotion', label: 'Reduce motion' },
  { key: 'focusVisible', label: 'Always show the keyboard focus ring' },
  { key: 'screenReaderOptimizations', label: 'Screen reader optimisations' },
];

/**
 * Theme and accessibility, kept in this browser: the same store the header's theme switcher and
 * the accessibility dialog use, so a change here shows everywhere at once.
 */
export function AppearanceSettings() {
  const theme = useSession((state) => state.theme);
  const setTheme = useSession((state) => state.setTheme);
  const accessibility = useAccessibilitySettings();
  return (
    <Card as="section" aria-labelledby="settings-appearance">
      <h3 id="settings-appearance">Appearance and accessibility</h3>
      <p>These choices are kept in this browser.</p>
      <FieldGroup $inline>
        <legend>Theme</legend>
        {THEMES.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name="settings-theme"
              value={option.value}
              checked={theme === option.value}
              onChange={() => setTheme(option.value)}
            />{' '}
            {option.label}
          </label>
        ))}
      </FieldGroup>
      <FieldGroup $inline>
        <legend>Text size</legend>
        {FONT_SIZES.map((size) => (
          <label key={size}>
            <input
              type="radio"
              name="settings-font-size"
              value={size}
              checked={accessibility.fontSize === size}
              onChange={() => updateAccessibilitySettings({ fontSize: size })}
            />{' '}
            {FONT_LABELS[size]}
          </label>
        ))}
      </FieldGroup>
      {SWITCHES.map((item) => (
        <SwitchLabel key={item.key}>
          <input
            type="checkbox"
            checked={accessibility[item.key]}
            onChange={(event) => updateAccessibilitySettings({ [item.key]: event.target.checked })}
          />{' '}
          {item.label}
        </SwitchLabel>
      ))}
    </Card>
  );
}
