import {
  Button,
  Icon,
  Tooltip,
  useSession,
  type IconName,
  type ThemePreference,
  useHydrated,
} from '@promatch/shared';
import { useCallback, useId, useRef, useState } from 'react';
import { PopoverAnchor, PopoverPanel } from './popover';
import { useDismiss } from './use-dismiss';

const OPTIONS: { value: ThemePreference; label: string; icon: IconName }[] = [
  { value: 'light', label: 'Light', icon: 'sun' },
  { value: 'dark', label: 'Dark', icon: 'moon' },
  { value: 'system', label: 'System', icon: 'monitor' },
];

/** Light, dark or system (follows the operating system live); the choice is remembered. */
export function ThemeSwitcher() {
  const storedTheme = useSession((state) => state.theme);
  // The server renders the default; the stored choice shows once the page has hydrated.
  const theme: ThemePreference = useHydrated() ? storedTheme : 'system';
  const setTheme = useSession((state) => state.setTheme);
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, anchor, close);
  const current = OPTIONS.find((option) => option.value === theme) ?? OPTIONS[2];
  const label = `Theme: ${current?.label}`;

  return (
    <PopoverAnchor ref={anchor}>
      <Tooltip label={label}>
        <Button
          type="button"
          $variant="ghost"
          $size="icon"
          aria-label={label}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          {current ? <Icon name={current.icon} size="1.25rem" /> : null}
        </Button>
      </Tooltip>
      {open ? (
        <PopoverPanel id={panelId} role="group" aria-label="Theme">
          <ul>
            {OPTIONS.map((option) => (
              <li key={option.value}>
                <button
                  type="button"
                  aria-pressed={theme === option.value}
                  onClick={() => {
                    setTheme(option.value);
                    close();
                  }}
                >
                  <Icon name={option.icon} /> {option.label}
                </button>
              </li>
            ))}
          </ul>
        </PopoverPanel>
      ) : null}
    </PopoverAnchor>
  );
}
