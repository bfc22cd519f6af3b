// In src/lib: the call screens and the thread's call events show call lengths the same way.
/** A call's length as a clock reads: 0:07, 2:05, 1:02:03. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The same length in words, for screen readers and the conversation: '2 minutes 5 seconds'. */
export function durationInWords(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const parts = [
    h ? part(h, 'hour') : '',
    m ? part(m, 'minute') : '',
    s || (!h && !m) ? part(s, 'second') : '',
  ];
  return parts.filter(Boolean).join(' ');
}
