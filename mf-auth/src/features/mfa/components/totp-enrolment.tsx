import { Button, TextField, toast } from '@promatch/shared';
import { totpCodeSchema, type TotpCodeInput } from '@promatch/shared/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { authErrorText } from '../../../lib/auth-error-text';
import { useEnrollTotp, type TotpEnrolment as Enrolment } from '../api/enroll-totp';
import { useVerifyTotp } from '../api/verify-totp';

/** Enrol a TOTP authenticator: QR code and secret, then the first code proves it. */
export function TotpEnrolment() {
  const enroll = useEnrollTotp();
  const verify = useVerifyTotp();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TotpCodeInput, unknown, { code: string }>({
    resolver: zodResolver(totpCodeSchema),
    defaultValues: { code: '' },
  });

  const start = () =>
    enroll.mutate(undefined, {
      onSuccess: setEnrolment,
      onError: (cause) =>
        toast({
          title: 'Could not start set-up',
          description: authErrorText(cause),
          variant: 'destructive',
        }),
    });

  const confirm = handleSubmit(({ code }) => {
    if (!enrolment) return;
    verify.mutate(
      { factorId: enrolment.factorId, code },
      {
        onSuccess: () => {
          setEnrolment(null);
          reset();
          toast({
            title: 'Authenticator enabled',
            description: 'You will be asked for a code when you sign in.',
            variant: 'success',
          });
        },
        onError: (cause) =>
          setError('code', { message: authErrorText(cause) }, { shouldFocus: true }),
      },
    );
  });

  if (!enrolment) {
    return (
      <Button type="button" $variant="cta" disabled={enroll.isPending} onClick={start}>
        {enroll.isPending ? 'Starting...' : 'Set up an authenticator app'}
      </Button>
    );
  }
  return (
    <form noValidate aria-label="Verify your authenticator" onSubmit={(e) => void confirm(e)}>
      <p>Scan this QR code with your authenticator app, or type the secret key into it.</p>
      <img
        src={enrolment.qrCode}
        alt="QR code for your authenticator app"
        width={200}
        height={200}
      />
      <p>
        Secret key: <code data-testid="totp-secret">{enrolment.secret}</code>
      </p>
      <TextField
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        error={errors.code?.message}
        {...register('code')}
      />
      <Button type="submit" $variant="cta" disabled={verify.isPending}>
        {verify.isPending ? 'Verifying...' : 'Verify and enable'}
      </Button>
    </form>
  );
}
