import type { AttemptCounter } from '../hooks/use-attempt-counter';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Says what repeated failed sign-ins in this browser now ask for, and why. */
export function AttemptNotice({
  attempts,
  captchaRequired,
}: {
  attempts: AttemptCounter;
  captchaRequired: boolean;
}) {
  if (!attempts.repeated) return null;
  const failed = `${plural(attempts.failures, 'sign-in attempt')} from this browser failed.`;
  let advice: string;
  if (captchaRequired) advice = 'Complete the security check below before each new attempt.';
  else if (attempts.waitSeconds > 0)
    advice = `To protect your account, you can try again in ${plural(attempts.waitSeconds, 'second')}.`;
  else
    advice =
      'You can try again now. After each further failure the wait before the next attempt doubles; if you have forgotten your password, reset it instead.';
  return (
    <p role="status" aria-live="polite" data-testid="attempt-notice">
      {failed} {advice}
    </p>
  );
}
