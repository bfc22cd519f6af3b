/*
 * A tiny eager channel between the always-present openers (skip-link bar, floating button) and
 * the settings dialog, which loads later: a request made before it loads is kept, not lost.
 */
type Listener = () => void;
let pending = false;
const listeners = new Set<Listener>();

export function requestAccessibilitySettings(): void {
  pending = true;
  listeners.forEach((listener) => listener());
}

/** Calls `onRequest` for every request, including one made before subscribing. */
export function onAccessibilitySettingsRequest(onRequest: Listener): () => void {
  const listener = () => {
    pending = false;
    onRequest();
  };
  listeners.add(listener);
  if (pending) listener();
  return () => listeners.delete(listener);
}
