/** "15 minutes", "1 hour", "1 hour 30 minutes", "2 hours". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = hours === 0 ? '' : `${hours} hour${hours > 1 ? 's' : ''}`;
  const m = rest === 0 ? '' : `${rest} minute${rest > 1 ? 's' : ''}`;
  return [h, m].filter(Boolean).join(' ') || '0 minutes';
}
