import { useEffect, useState } from 'react';
import { formatDuration } from '../../../lib/format-duration';

/** How long the call has been connected, ticking every second. */
export function CallTimer({ since }: { since: number | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  const seconds = since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
  return (
    <span role="timer" aria-label="Call length" data-testid="call-timer">
      {formatDuration(seconds)}
    </span>
  );
}
