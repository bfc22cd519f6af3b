import { Button, TextField, toast } from '@promatch/shared';
import { totpCodeSchema } from '@promatch/shared/validation';
import { useState, type FormEvent } from 'react';
import { authErrorText } from '../../../lib/auth-error-text';
import { useEnrollTotp, type TotpEnrolment as Enrolment } from '../api/enroll-totp';
import { useVerifyTotp } from '../api/verify-totp';

/** Enrol a TOTP authenticator: QR code and secret, then the first code proves it. */
export function TotpEnrolment() {
  const enroll = useEnrollTotp();
  const verify = useVerifyTotp();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

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

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse({ code });
    if (!parsed.success || !enrolment) return setError(parsed.error?.issues[0]?.message);
    setError(undefined);
    verify.mutate(
      { factorId: enrolment.factorId, code: parsed.data.code },
      {
        onSuccess: () => {
          setEnrolment(null);
          setCode('');
          toast({
            title: 'Authenticator enabled',
            description: 'You will be asked for a code when you sign in.',
            variant: 'success',
          });
        },
        onError: (cause) => setError(authErrorText(cause)),
      },
    );
  };

  if (!enrolment) {
    return (
      <Button type="button" $variant="cta" disabled={enroll.isPending} onClick={start}>
        {enroll.isPending ? 'Starting...' : 'Set up an authenticator app'}
      </Button>
    );
  }
  return (
    <form noValidate aria-label="Verify your authenticator" onSubmit={confirm}>
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
        value={code}
        error={error}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" $variant="cta" disabled={verify.isPending}>
        {verify.isPending ? 'Verifying...' : 'Verify and enable'}
      </Button>
    </form>
  );
}
