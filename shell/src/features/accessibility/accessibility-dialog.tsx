import {
  Button,
  FONT_SIZES,
  updateAccessibilitySettings,
  useAccessibilitySettings,
  type AccessibilitySettings,
  type FontSizeSetting,
} from '@promatch/shared';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { onAccessibilitySettingsRequest } from './accessibility-dialog-request';

const Dialog = styled.dialog`
  width: min(28rem, calc(100vw - 2rem));
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  padding: 1.25rem;
  &::backdrop {
    background: ${({ theme }) => theme.colors.backdrop};
  }
  h2 {
    margin-top: 0;
  }
  fieldset {
    border: 0;
    padding: 0;
    margin: 0 0 1rem;
    display: grid;
    gap: 0.6rem;
  }
  label {
    display: flex;
    gap: 0.5rem;
    align-items: center;
  }
`;

const DialogActions = styled.form`
  margin-top: ${({ theme }) => theme.space.lg};
  text-align: end;
`;

type ToggleName = Exclude<keyof AccessibilitySettings, 'fontSize'>;

const TOGGLES: { name: ToggleName; label: string }[] = [
  { name: 'highContrast', label: 'High contrast' },
  { name: 'reducedMotion', label: 'Reduce motion' },
  { name: 'focusVisible', label: 'Always show a strong focus outline' },
  { name: 'screenReaderOptimizations', label: 'Screen reader optimisations (announce pages)' },
];

const FONT_SIZE_LABELS: Record<FontSizeSetting, string> = {
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
  xl: 'Extra large',
};

/** The settings panel: a native modal dialog, so focus is trapped and Escape closes it. */
export function AccessibilityDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const settings = useAccessibilitySettings();

  useEffect(() => onAccessibilitySettingsRequest(() => dialog.current?.showModal()), []);

  return (
    <Dialog ref={dialog} aria-labelledby="a11y-settings-title">
      <h2 id="a11y-settings-title">Accessibility settings</h2>
      <p>Saved in this browser and applied on every page.</p>
      <fieldset>
        <legend>Display</legend>
        {TOGGLES.map(({ name, label }) => (
          <label key={name}>
            <input
              type="checkbox"
              checked={settings[name]}
              onChange={(event) => updateAccessibilitySettings({ [name]: event.target.checked })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <label>
        Text size
        <select
          value={settings.fontSize}
          onChange={(event) =>
            updateAccessibilitySettings({ fontSize: event.target.value as FontSizeSetting })
          }
        >
          {FONT_SIZES.map((size) => (
            <option key={size} value={size}>
              {FONT_SIZE_LABELS[size]}
            </option>
          ))}
        </select>
      </label>
      <DialogActions method="dialog">
        <Button type="submit">Done</Button>
      </DialogActions>
    </Dialog>
  );
}
