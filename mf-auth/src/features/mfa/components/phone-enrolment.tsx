import { Button, TextField, toast } from '@promatch/shared';
import { totpCodeSchema } from '@promatch/shared/validation';
import { useState, type FormEvent } from 'react';
import { authErrorText } from '../../../lib/auth-error-text';
import { toE164, useUkPhone } from '../../../lib/uk-phone';
import {
  sendPhoneCode,
  useEnrollPhone,
  useVerifyPhone,
  type PhoneEnrolment as Enrolment,
} from '../api/enroll-phone';

/** Add a mobile number as a second factor: the number, then the code texted to it. */
export function PhoneEnrolment() {
  const enroll = useEnrollPhone();
  const verify = useVerifyPhone();
  const [phone, setPhone] = useState('');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const shownPhone = useUkPhone(enrolment?.phone);

  const start = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const e164 = await toE164(phone);
    if (!e164) return setError('Please enter a valid UK mobile number, for example 07911 123456.');
    setError(undefined);
    enroll.mutate(e164, {
      onSuccess: setEnrolment,
      onError: (cause) => setError(authErrorText(cause)),
    });
  };

  const resend = async () => {
    if (!enrolment) return;
    try {
      const challengeId = await sendPhoneCode(enrolment.factorId);
      setEnrolment({ ...enrolment, challengeId });
      toast({ title: 'A new code is on its way', variant: 'success' });
    } catch (cause) {
      setError(authErrorText(cause));
    }
  };

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse({ code });
    if (!parsed.success || !enrolment) return setError(parsed.error?.issues[0]?.message);
    setError(undefined);
    verify.mutate(
      { factorId: enrolment.factorId, challengeId: enrolment.challengeId, code: parsed.data.code },
      {
        onSuccess: () => {
          setEnrolment(null);
          setCode('');
          setPhone('');
          toast({
            title: 'Phone added',
            description: 'You can be sent a code by text when you sign in.',
            variant: 'success',
          });
        },
        onError: (cause) => setError(authErrorText(cause)),
      },
    );
  };

  if (!enrolment) {
    return (
      <form noValidate aria-label="Add a phone" onSubmit={(event) => void start(event)}>
        <TextField
          label="Mobile number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="07911 123456"
          value={phone}
          error={error}
          onChange={(event) => setPhone(event.target.value)}
        />
        <Button type="submit" $variant="cta" disabled={enroll.isPending || !phone.trim()}>
          {enroll.isPending ? 'Sending code...' : 'Text me a code'}
        </Button>
      </form>
    );
  }
  return (
    <form noValidate aria-label="Verify your phone" onSubmit={confirm}>
      <p>We sent a 6-digit code by text message to {shownPhone}. It expires in 5 minutes.</p>
      <TextField
        label="Code from the text message"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        error={error}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" $variant="cta" disabled={verify.isPending}>
        {verify.isPending ? 'Verifying...' : 'Verify and enable'}
      </Button>{' '}
      <Button type="button" $variant="ghost" onClick={() => void resend()}>
        Send a new code
      </Button>
    </form>
  );
}
