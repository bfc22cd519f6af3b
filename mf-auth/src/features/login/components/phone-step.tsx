import { Button, Cluster, TextField } from '@promatch/shared';
import { totpCodeSchema, type TotpCodeInput } from '@promatch/shared/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useUkPhone } from '../../../lib/uk-phone';

export interface PhoneStepProps {
  /** The factor's number (E.164). */
  phone: string | undefined;
  /** Texts a new code; false when it could not (the reason is shown by the page). */
  onSend(): Promise<boolean>;
  onSubmit(code: string): Promise<void>;
  onCancel(): void;
}

/** The second sign-in step for a phone factor: a code is texted on arrival, and on request. */
export function PhoneStep({ phone, onSend, onSubmit, onCancel }: PhoneStepProps) {
  const shown = useUkPhone(phone);
  const [sent, setSent] = useState<'sending' | 'sent' | 'failed'>('sending');
  const first = useRef(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TotpCodeInput, unknown, { code: string }>({
    resolver: zodResolver(totpCodeSchema),
    defaultValues: { code: '' },
  });

  const send = async () => {
    setSent('sending');
    setSent((await onSend()) ? 'sent' : 'failed');
  };
  useEffect(() => {
    // Once per step, also under React's development double effects.
    if (first.current) return;
    first.current = true;
    void send();
  });

  return (
    <form
      noValidate
      aria-label="Two-factor authentication"
      onSubmit={handleSubmit(({ code }) => onSubmit(code))}
    >
      <h2>Two-factor authentication</h2>
      <p role="status">
        {sent === 'sending'
          ? `Sending a code to ${shown}...`
          : sent === 'sent'
            ? `We sent a 6-digit code by text message to ${shown}. Enter it to finish signing in.`
            : `No code could be sent to ${shown} just now.`}
      </p>
      <TextField
        label="Code from the text message"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        error={errors.code?.message}
        {...register('code')}
      />
      <Cluster $gap="md" $align="stretch">
        <Button type="submit" $variant="cta" disabled={isSubmitting}>
          {isSubmitting ? 'Verifying...' : 'Verify'}
        </Button>
        <Button
          type="button"
          $variant="outline"
          disabled={sent === 'sending'}
          onClick={() => void send()}
        >
          Send a new code
        </Button>
        <Button type="button" $variant="ghost" onClick={onCancel}>
          Use another account
        </Button>
      </Cluster>
    </form>
  );
}
