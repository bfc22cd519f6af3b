import { useSyncExternalStore } from 'react';
import {
  applyAccessibilitySettings,
  readAccessibilitySettings,
  writeAccessibilitySettings,
  type AccessibilitySettings,
} from './accessibility-settings';

/*
 * One copy per page (@promatch/shared is a federation singleton): the shell's settings dialog
 * writes here and any remote reading `useAccessibilitySettings` sees the same values.
 */
type Listener = () => void;
let current: AccessibilitySettings | undefined;
const listeners = new Set<Listener>();

export function getAccessibilitySettings(): AccessibilitySettings {
  current ??= readAccessibilitySettings();
  return current;
}

/** Saves, applies to <html> and notifies every reader. */
export function updateAccessibilitySettings(change: Partial<AccessibilitySettings>): void {
  current = { ...getAccessibilitySettings(), ...change };
  writeAccessibilitySettings(current);
  applyAccessibilitySettings(current);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAccessibilitySettings(): AccessibilitySettings {
  return useSyncExternalStore(subscribe, getAccessibilitySettings, getAccessibilitySettings);
}

/** For tests: forget the cached settings so the next read comes from storage. */
export function resetAccessibilitySettingsCache(): void {
  current = undefined;
}
