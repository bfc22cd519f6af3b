import { Button, Cluster, Input, toast, VisuallyHidden } from '@promatch/shared';
import { useId, useState, type FormEvent } from 'react';
import { subscribeToNewsletter } from './subscribe-newsletter';

type FormState = 'idle' | 'submitting' | 'subscribed';

/**
 * Footer newsletter signup: idle -> submitting -> subscribed (a confirmation e-mail is on its
 * way: double opt-in), with a toast either way.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<FormState>('idle');
  const inputId = useId();
  const trimmed = email.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || state === 'submitting') return;
    setState('submitting');
    try {
      const result = await subscribeToNewsletter(trimmed);
      if (!result.success) throw new Error(result.error ?? 'Failed to subscribe');
      toast({
        title: 'Check your inbox',
        description:
          result.message ?? 'Follow the link in our e-mail to confirm your subscription.',
        variant: 'success',
      });
      setState('subscribed');
      setEmail('');
    } catch (error) {
      toast({
        title: 'Subscription Failed',
        description:
          error instanceof Error && error.message ? error.message : 'Please try again later',
        variant: 'destructive',
      });
      setState('idle');
    }
  };

  if (state === 'subscribed')
    return <p role="status">Almost there: confirm your subscription from the e-mail we sent.</p>;
  return (
    <form onSubmit={submit} aria-label="Newsletter" noValidate>
      <label htmlFor={inputId}>
        <VisuallyHidden>E-mail address for the newsletter</VisuallyHidden>
      </label>
      <Cluster $nowrap $align="stretch">
        <Input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@company.co.uk"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" disabled={!trimmed || state === 'submitting'}>
          {state === 'submitting' ? 'Subscribing…' : 'Subscribe'}
        </Button>
      </Cluster>
    </form>
  );
}
