import { Badge, Button, Cluster, PlainList, toast } from '@promatch/shared';
import { authErrorText } from '../../../lib/auth-error-text';
import { useUkPhone } from '../../../lib/uk-phone';
import { useFactors, type FactorSummary } from '../api/get-factors';
import { useRemoveFactor } from '../api/remove-factor';

/** A factor's name: a phone factor by its number in UK format. */
function FactorName({ factor }: { factor: FactorSummary }) {
  const phone = useUkPhone(factor.phone);
  if (factor.factor_type === 'phone') return <span>Phone {phone}</span>;
  return <span>{factor.friendly_name ?? 'Authenticator app'}</span>;
}

const labelOf = (factor: FactorSummary) =>
  factor.factor_type === 'phone' ? 'phone' : (factor.friendly_name ?? 'authenticator');

/**
 * The user's authenticator apps and phones with their status; each can be removed. Passkeys have
 * their own list with when each was added and last used (passkey-list.tsx).
 */
export function FactorList() {
  const factors = useFactors();
  const remove = useRemoveFactor();
  if (factors.isPending) return <p>Loading your sign-in methods...</p>;
  if (factors.isError) return <p role="alert">{authErrorText(factors.error)}</p>;
  const shown = factors.data.filter((factor) => factor.factor_type !== 'webauthn');
  if (shown.length === 0) return <p>No authenticator app or phone is set up yet.</p>;
  const removeOne = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => toast({ title: 'Second factor removed', variant: 'success' }),
      onError: (error) =>
        toast({
          title: 'Could not remove it',
          description: authErrorText(error),
          variant: 'destructive',
        }),
    });
  return (
    <PlainList aria-label="Your second factors" $gap="sm">
      {shown.map((factor) => (
        <Cluster as="li" key={factor.id} $gap="md" $nowrap>
          <FactorName factor={factor} />
          <Badge $tone={factor.status === 'verified' ? 'success' : 'warning'}>
            {factor.status === 'verified' ? 'Active' : 'Not verified'}
          </Badge>
          <Button
            type="button"
            $variant="outline"
            $size="sm"
            disabled={remove.isPending}
            aria-label={`Remove ${labelOf(factor)}`}
            onClick={() => removeOne(factor.id)}
          >
            Remove
          </Button>
        </Cluster>
      ))}
    </PlainList>
  );
}
