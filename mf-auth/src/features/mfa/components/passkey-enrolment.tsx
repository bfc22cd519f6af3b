import { Button, TextField, toast } from '@promatch/shared';
import { useState, type FormEvent } from 'react';
import { z } from '@promatch/shared/validation';
import { useRegisterPasskey } from '../api/register-passkey';
import { passkeyErrorText } from '../utils/passkey-error-text';

const nameSchema = z
  .string()
  .trim()
  .min(1, 'Give the passkey a name, e.g. "Work laptop"')
  .max(60, 'Use 60 characters or fewer');

/** Add a passkey: a name, then the browser's own prompt (security key, phone or this device). */
export function PasskeyEnrolment() {
  const register = useRegisterPasskey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = nameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    register.mutate(parsed.data, {
      onSuccess: () => {
        setName('');
        toast({
          title: 'Passkey added',
          description: 'You can use it instead of a code when you sign in.',
          variant: 'success',
        });
      },
      onError: (cause) => setError(passkeyErrorText(cause)),
    });
  };

  if (!supported) return <p>This browser cannot use passkeys.</p>;
  return (
    <form noValidate aria-label="Add a passkey" onSubmit={submit}>
      <TextField
        label="Passkey name"
        value={name}
        error={error}
        onChange={(event) => setName(event.target.value)}
      />
      <Button type="submit" $variant="cta" disabled={register.isPending}>
        {register.isPending ? 'Waiting for your passkey...' : 'Add a passkey'}
      </Button>
    </form>
  );
}
