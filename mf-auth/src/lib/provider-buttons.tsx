import { Button, Stack } from '@promatch/shared';
import { useEffect, useState } from 'react';
import { loadOAuthProviders, type OAuthProvider } from './oauth';

export interface ProviderButtonsProps {
  /** Called with the provider's name; rejects with an error to show. */
  onChoose(provider: string): Promise<void>;
  /** Why the buttons cannot be used yet (e.g. the register page's company step); shown beneath. */
  blockedReason?: string | null;
}

/**
 * "Continue with LinkedIn" and the like: one button per provider the auth server has enabled,
 * nothing at all when none is (so no page offers a sign-in that does not exist).
 */
export function ProviderButtons({ onChoose, blockedReason }: ProviderButtonsProps) {
  const [providers, setProviders] = useState<OAuthProvider[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    loadOAuthProviders().then(
      (loaded) => active && setProviders(loaded),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);
  if (providers.length === 0) return null;
  const choose = async (name: string) => {
    setBusy(name);
    setFailure(null);
    try {
      await onChoose(name);
    } catch (cause) {
      setFailure(cause instanceof Error ? cause.message : 'That provider cannot be reached now.');
      setBusy(null);
    }
  };
  return (
    <Stack as="section" aria-label="Other ways to continue" $gap="sm">
      <p>Or continue with an account you already have:</p>
      {providers.map((provider) => (
        <Button
          key={provider.name}
          type="button"
          $variant="outline"
          disabled={Boolean(blockedReason) || busy !== null}
          onClick={() => void choose(provider.name)}
        >
          {busy === provider.name
            ? `Opening ${provider.label}…`
            : `Continue with ${provider.label}`}
        </Button>
      ))}
      {blockedReason ? <p>{blockedReason}</p> : null}
      {failure ? <p role="alert">{failure}</p> : null}
    </Stack>
  );
}
