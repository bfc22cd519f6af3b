import {
  captureInstallPrompt,
  forgetInstallPrompt,
  getDeferredInstallPrompt,
  INSTALL_DISMISS_DAYS,
  isInstallPromptDismissed,
  rememberInstallPromptDismissed,
} from './install-prompt-store';

beforeEach(() => localStorage.clear());

test('keeps the install event and stops the browser showing its own bar', () => {
  captureInstallPrompt();
  const event = new Event('beforeinstallprompt', { cancelable: true });
  window.dispatchEvent(event);
  expect(event.defaultPrevented).toBe(true);
  expect(getDeferredInstallPrompt()).toBe(event);
  window.dispatchEvent(new Event('appinstalled'));
  expect(getDeferredInstallPrompt()).toBeNull();
  forgetInstallPrompt();
});

test('a dismissal is remembered for 30 days', () => {
  const now = Date.parse('2026-11-22T00:00:00Z');
  expect(isInstallPromptDismissed(now)).toBe(false);
  rememberInstallPromptDismissed(now);
  expect(isInstallPromptDismissed(now + 1000)).toBe(true);
  expect(isInstallPromptDismissed(now + INSTALL_DISMISS_DAYS * 86_400_000)).toBe(false);
});
