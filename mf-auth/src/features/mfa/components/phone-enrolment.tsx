import { Button, TextField, toast } from '@promatch/shared';
import { totpCodeSchema, type TotpCodeInput } from '@promatch/shared/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { authErrorText } from '../../../lib/auth-error-text';
import { useUkPhone } from '../../../lib/uk-phone';
import {
  sendPhoneCode,
  useEnrollPhone,
  useVerifyPhone,
  type PhoneEnrolment as Enrolment,
} from '../api/enroll-phone';
import { phoneNumberSchema, type PhoneNumberInput } from '../utils/phone-number-schema';

/** The number to add; a valid one is enrolled and texted its first code. */
function PhoneNumberForm({ onEnrolled }: { onEnrolled: (enrolment: Enrolment) => void }) {
  const enroll = useEnrollPhone();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<PhoneNumberInput, unknown, { phone: string }>({
    resolver: zodResolver(phoneNumberSchema),
    defaultValues: { phone: '' },
  });
  const start = handleSubmit(({ phone }) =>
    enroll.mutate(phone, {
      onSuccess: onEnrolled,
      onError: (cause) =>
        setError('phone', { message: authErrorText(cause) }, { shouldFocus: true }),
    }),
  );
  return (
    <form noValidate aria-label="Add a phone" onSubmit={(event) => void start(event)}>
      <TextField
        label="Mobile number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="07911 123456"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <Button type="submit" $variant="cta" disabled={enroll.isPending || !watch('phone').trim()}>
        {enroll.isPending ? 'Sending code...' : 'Text me a code'}
      </Button>
    </form>
  );
}

/** The code texted to the new number proves it; a new code can be asked for. */
function PhoneCodeForm({
  enrolment,
  onResent,
  onVerified,
}: {
  enrolment: Enrolment;
  onResent: (challengeId: string) => void;
  onVerified: () => void;
}) {
  const verify = useVerifyPhone();
  const shownPhone = useUkPhone(enrolment.phone);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TotpCodeInput, unknown, { code: string }>({
    resolver: zodResolver(totpCodeSchema),
    defaultValues: { code: '' },
  });
  const failed = (cause: unknown) =>
    setError('code', { message: authErrorText(cause) }, { shouldFocus: true });

  const resend = async () => {
    try {
      onResent(await sendPhoneCode(enrolment.factorId));
      toast({ title: 'A new code is on its way', variant: 'success' });
    } catch (cause) {
      failed(cause);
    }
  };
  const confirm = handleSubmit(({ code }) =>
    verify.mutate(
      { factorId: enrolment.factorId, challengeId: enrolment.challengeId, code },
      { onSuccess: onVerified, onError: failed },
    ),
  );
  return (
    <form noValidate aria-label="Verify your phone" onSubmit={(event) => void confirm(event)}>
      <p>We sent a 6-digit code by text message to {shownPhone}. It expires in 5 minutes.</p>
      <TextField
        label="Code from the text message"
        inputMode="numeric"
        autoComplete="one-time-code"
        error={errors.code?.message}
        {...register('code')}
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

/** Add a mobile number as a second factor: the number, then the code texted to it. */
export function PhoneEnrolment() {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  if (!enrolment) return <PhoneNumberForm onEnrolled={setEnrolment} />;
  return (
    <PhoneCodeForm
      enrolment={enrolment}
      onResent={(challengeId) => setEnrolment({ ...enrolment, challengeId })}
      onVerified={() => {
        setEnrolment(null);
        toast({
          title: 'Phone added',
          description: 'You can be sent a code by text when you sign in.',
          variant: 'success',
        });
      }}
    />
  );
}
