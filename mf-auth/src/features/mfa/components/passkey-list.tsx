import { Button, Cluster, PlainList, toast } from '@promatch/shared';
import { authErrorText } from '../../../lib/auth-error-text';
import { useFactors } from '../api/get-factors';
import { useRemoveFactor } from '../api/remove-factor';

const when = (iso: string | undefined) =>
  iso
    ? new Date(iso).toLocaleString('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
    : 'Not yet';

/** The user's passkeys: name, when added, when last used to sign in; each can be removed. */
export function PasskeyList() {
  const factors = useFactors();
  const remove = useRemoveFactor();
  if (factors.isPending) return <p>Loading your passkeys...</p>;
  if (factors.isError) return <p role="alert">{authErrorText(factors.error)}</p>;
  const passkeys = factors.data.filter(
    (factor) => factor.factor_type === 'webauthn' && factor.status === 'verified',
  );
  if (passkeys.length === 0) return <p>No passkey is registered yet.</p>;
  const removeOne = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => toast({ title: 'Passkey removed', variant: 'success' }),
      onError: (error) =>
        toast({
          title: 'Could not remove it',
          description: authErrorText(error),
          variant: 'destructive',
        }),
    });
  return (
    <PlainList aria-label="Your passkeys" $gap="sm">
      {passkeys.map((passkey) => {
        const name = passkey.friendly_name || 'Passkey';
        return (
          <Cluster as="li" key={passkey.id} $gap="md" $nowrap>
            <span>
              <strong>{name}</strong>
              <br />
              <small>
                Added {when(passkey.created_at)} · Last used {when(passkey.last_used_at)}
              </small>
            </span>
            <Button
              type="button"
              $variant="outline"
              $size="sm"
              disabled={remove.isPending}
              aria-label={`Remove passkey ${name}`}
              onClick={() => removeOne(passkey.id)}
            >
              Remove
            </Button>
          </Cluster>
        );
      })}
    </PlainList>
  );
}
