/** Chromium's install event; not in TypeScript's DOM library. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

/** Contains no "session"/"analytics"/"accessibility": an error-screen refresh keeps it. */
const INSTALL_DISMISSED_KEY = 'promatch.pwa.install-dismissed';
/** A dismissed prompt stays away this long, then may ask once more. */
export const INSTALL_DISMISS_DAYS = 30;
const DAY_MS = 86_400_000;

type Listener = () => void;
let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((listener) => listener());

function onBeforeInstallPrompt(event: Event): void {
  // Keep the browser's own mini-bar away: the shell asks in its own words, once.
  event.preventDefault();
  deferred = event as BeforeInstallPromptEvent;
  notify();
}

function onInstalled(): void {
  deferred = null;
  notify();
}

let capturing = false;
/**
 * Starts listening at once (from the shell's first render): the event can fire before the
 * prompt's own code has loaded, and it fires only once per page.
 */
export function captureInstallPrompt(target: Window = window): void {
  if (capturing) return;
  capturing = true;
  target.addEventListener('beforeinstallprompt', onBeforeInstallPrompt);
  target.addEventListener('appinstalled', onInstalled);
}

export function getDeferredInstallPrompt(): BeforeInstallPromptEvent | null {
  return deferred;
}

export function subscribeInstallPrompt(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function forgetInstallPrompt(): void {
  deferred = null;
  notify();
}

export function isInstallPromptDismissed(
  now = Date.now(),
  storage: Storage = localStorage,
): boolean {
  try {
    const dismissedAt = Date.parse(storage.getItem(INSTALL_DISMISSED_KEY) ?? '');
    return Number.isFinite(dismissedAt) && now - dismissedAt < INSTALL_DISMISS_DAYS * DAY_MS;
  } catch {
    return false;
  }
}

export function rememberInstallPromptDismissed(
  now = Date.now(),
  storage: Storage = localStorage,
): void {
  try {
    storage.setItem(INSTALL_DISMISSED_KEY, new Date(now).toISOString());
  } catch {
    // Storage unavailable: the prompt may come back on the next visit, which is harmless.
  }
}
