/** Dismissed announcement ids, kept per user in local storage so a dismissal sticks. */
const dismissedKey = (userId: string) => `promatch.dismissedAnnouncements.${userId}`;

export function readDismissed(userId: string, storage: Storage = localStorage): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(dismissedKey(userId)) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberDismissed(
  userId: string,
  id: string,
  storage: Storage = localStorage,
): void {
  const ids = new Set(readDismissed(userId, storage)).add(id);
  storage.setItem(dismissedKey(userId), JSON.stringify([...ids]));
}
