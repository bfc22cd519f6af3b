import { Badge, Button, toast } from '@promatch/shared';
import { authErrorText } from '../../../lib/auth-error-text';
import { useFactors } from '../api/get-factors';
import { useRemoveFactor } from '../api/remove-factor';

/** The user's authenticator apps with their status; each can be removed (passkeys: passkey-list). */
export function FactorList() {
  const factors = useFactors();
  const remove = useRemoveFactor();
  if (factors.isPending) return <p>Loading your authenticators...</p>;
  if (factors.isError) return <p role="alert">{authErrorText(factors.error)}</p>;
  const apps = factors.data.filter((factor) => factor.factor_type !== 'webauthn');
  if (apps.length === 0) return <p>No authenticator app is set up yet.</p>;
  const removeOne = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => toast({ title: 'Authenticator removed', variant: 'success' }),
      onError: (error) =>
        toast({
          title: 'Could not remove it',
          description: authErrorText(error),
          variant: 'destructive',
        }),
    });
  return (
    <ul aria-label="Your authenticators" style={{ listStyle: 'none', padding: 0 }}>
      {apps.map((factor) => (
        <li
          key={factor.id}
          style={{ display: 'flex', gap: '0.75rem', alignItems: 'center', marginBottom: '0.5rem' }}
        >
          <span>{factor.friendly_name ?? 'Authenticator app'}</span>
          <Badge $tone={factor.status === 'verified' ? 'success' : 'warning'}>
            {factor.status === 'verified' ? 'Active' : 'Not verified'}
          </Badge>
          <Button
            type="button"
            $variant="outline"
            $size="sm"
            disabled={remove.isPending}
            aria-label={`Remove ${factor.friendly_name ?? 'authenticator'}`}
            onClick={() => removeOne(factor.id)}
          >
            Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}
