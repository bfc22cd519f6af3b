export interface DayFigures {
  day: string;
  signups: number;
  active_users: number;
  messages: number;
  appointments: number;
  applications: number;
  projects: number;
  /** Video calls: call messages, one per call held in a conversation. */
  calls: number;
  /** Match notifications: professionals told that a newly published project fits them. */
  matches: number;
}

export const SERIES = [
  { key: 'signups', label: 'Sign-ups', colour: '#2563eb' },
  { key: 'active_users', label: 'Active users', colour: '#16a34a' },
  { key: 'messages', label: 'Messages', colour: '#9333ea' },
  { key: 'appointments', label: 'Appointments booked', colour: '#ea580c' },
  { key: 'applications', label: 'Project applications', colour: '#0891b2' },
  { key: 'projects', label: 'Projects posted', colour: '#be123c' },
  { key: 'calls', label: 'Video calls', colour: '#4d7c0f' },
  { key: 'matches', label: 'Match notifications', colour: '#a16207' },
] as const satisfies readonly { key: keyof DayFigures; label: string; colour: string }[];

/** The figures as CSV (RFC 4180: comma-separated, CRLF line ends, a header row). */
export function toCsv(rows: readonly DayFigures[]): string {
  const header = ['Day', ...SERIES.map((s) => s.label)];
  const lines = rows.map((row) => [row.day, ...SERIES.map((s) => String(row[s.key]))]);
  return [header, ...lines]
    .map((cells) =>
      cells
        .map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell))
        .join(','),
    )
    .join('\r\n');
}
