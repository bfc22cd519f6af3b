const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'touchstart', 'wheel'];

export interface InactivityCallbacks {
  /** The user has done nothing for `timeoutMs` (called once per idle spell). */
  onInactive(idleForMs: number): void;
  /** The first input after an idle spell. */
  onActive(): void;
}

/**
 * Watches input to tell active from inactive. One timer per spell (re-armed lazily), not one
 * per mouse move. Returns a stop function; `isActive` reads the current state.
 */
export function watchInactivity(timeoutMs: number, callbacks: InactivityCallbacks) {
  let active = true;
  let lastActivityAt = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const check = () => {
    const idleFor = Date.now() - lastActivityAt;
    if (idleFor < timeoutMs) {
      timer = setTimeout(check, timeoutMs - idleFor);
      return;
    }
    active = false;
    callbacks.onInactive(idleFor);
  };
  const onActivity = () => {
    lastActivityAt = Date.now();
    if (active) return;
    active = true;
    callbacks.onActive();
    timer = setTimeout(check, timeoutMs);
  };

  ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, onActivity, { passive: true }));
  timer = setTimeout(check, timeoutMs);
  return {
    isActive: () => active,
    stop() {
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, onActivity));
      clearTimeout(timer);
    },
  };
}
