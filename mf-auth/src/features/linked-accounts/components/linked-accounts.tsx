import { Button, Card, PlainList, toast } from '@promatch/shared';
import type { UserIdentity } from '@supabase/supabase-js';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  finishOAuthReturn,
  linkProvider,
  loadOAuthProviders,
  OAUTH_RETURN_PARAM,
  type OAuthProvider,
} from '../../../lib/oauth';
import { listIdentities, unlinkIdentity } from '../api/identities';

const handled = new Set<string>();

function labelOf(provider: string, providers: OAuthProvider[]): string {
  if (provider === 'email') return 'E-mail and password';
  return providers.find((candidate) => candidate.name === provider)?.label ?? provider;
}

/**
 * Account security's "Ways to sign in": the linked providers, a button to link each other enabled
 * provider, and unlinking (never the last way in). Shown only when a provider is enabled.
 */
export function LinkedAccounts() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [providers, setProviders] = useState<OAuthProvider[]>([]);
  const [identities, setIdentities] = useState<UserIdentity[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    try {
      setIdentities(await listIdentities());
    } catch {
      setError('Your ways to sign in could not be loaded.');
    }
  }, []);

  useEffect(() => {
    void loadOAuthProviders().then(setProviders, () => undefined);
    const returning = params.get(OAUTH_RETURN_PARAM) === '1';
    const key = params.get('code') ?? params.get('error_code') ?? '';
    if (!returning || handled.has(key)) {
      void reload();
      return;
    }
    handled.add(key);
    void finishOAuthReturn(params).then(async (result) => {
      if (result.kind === 'signed-in')
        toast({ title: 'Linked', description: 'You can now sign in with it.', variant: 'success' });
      if (result.kind === 'error') setError(result.message);
      navigate('/account/security', { replace: true });
      await reload();
    });
    // Runs once per page visit; the return parameters are read as the page opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (providers.length === 0) return null;
  const linked = new Set(identities?.map((identity) => identity.provider));
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'That did not work; please try again.');
      setBusy(false);
    }
  };
  return (
    <Card as="section" aria-labelledby="linked-accounts-heading">
      <h2 id="linked-accounts-heading">Ways to sign in</h2>
      {identities === null ? (
        <p role="status">Loading…</p>
      ) : (
        <PlainList aria-label="Ways to sign in">
          {identities.map((identity) => (
            <li key={identity.identity_id}>
              {labelOf(identity.provider, providers)}
              {identity.identity_data?.email
                ? ` (${String(identity.identity_data.email)})`
                : ''}{' '}
              <Button
                type="button"
                $variant="outline"
                $size="sm"
                disabled={busy || identities.length <= 1}
                onClick={() =>
                  void act(async () => {
                    await unlinkIdentity(identity);
                    await reload();
                    setBusy(false);
                  })
                }
              >
                Unlink {labelOf(identity.provider, providers)}
              </Button>
            </li>
          ))}
        </PlainList>
      )}
      {identities?.length === 1 ? (
        <p>This is your only way to sign in, so it cannot be unlinked.</p>
      ) : null}
      {providers
        .filter((provider) => !linked.has(provider.name))
        .map((provider) => (
          <Button
            key={provider.name}
            type="button"
            $variant="outline"
            disabled={busy || identities === null}
            onClick={() => void act(() => linkProvider(provider.name))}
          >
            Link {provider.label}
          </Button>
        ))}
      {error ? <p role="alert">{error}</p> : null}
    </Card>
  );
}
