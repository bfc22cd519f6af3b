import { useStore } from 'zustand';
import { createSessionStore, type SessionState, type SessionStore } from './session-store';

/*
 * @promatch/shared is a federation singleton, so this module, and the store registered in it,
 * exists once per page. The shell (or a remote's standalone host) creates the store; remotes only
 * read it through `useSession`.
 */
let registered: SessionStore | undefined;

/** Creates the page's store. Called once by the host; a second call returns the same store. */
export function initSessionStore(storage?: Storage): SessionStore {
  registered ??= createSessionStore(storage);
  return registered;
}

export function getSessionStore(): SessionStore {
  if (!registered) {
    throw new Error('The session store is not initialised: the host must call initSessionStore()');
  }
  return registered;
}

/** Reads a slice of the federated session store and re-renders when it changes. */
export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(getSessionStore(), selector);
}

/** For tests: drop the registered store. */
export function resetSessionStore(): void {
  registered = undefined;
}
