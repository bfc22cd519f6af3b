/** Stored auth is every key starting 'supabase.auth.' or containing 'sb-' (supabase-js's names). */
export function isStoredAuthKey(key: string): boolean {
  return key.startsWith('supabase.auth.') || key.includes('sb-');
}

/** Removes stored auth from local and session storage (on sign-out and failed refresh). */
export function clearStoredAuth(storages: Storage[] = [localStorage, sessionStorage]): void {
  for (const storage of storages) {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
    for (const key of keys) if (key && isStoredAuthKey(key)) storage.removeItem(key);
  }
}
