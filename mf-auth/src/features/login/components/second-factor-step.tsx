import { Button, Cluster } from '@promatch/shared';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import { secondFactorMethods, type SecondFactorMethods } from '../api/passkey';
import { TotpStep } from './totp-step';

export interface SecondFactorStepProps {
  /** The password step's isolated client, or null for the page's own aal1 session. */
  pending: SupabaseClient | null;
  onCode(code: string): Promise<void>;
  onPasskey(): Promise<void>;
  onCancel(): void;
}

/** The second sign-in step: the code from an authenticator app, a passkey, or either. */
export function SecondFactorStep({ pending, onCode, onPasskey, onCancel }: SecondFactorStepProps) {
  const [methods, setMethods] = useState<SecondFactorMethods | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    secondFactorMethods(pending)
      .then((found) => live && setMethods(found))
      // Unknown: offer the code step, as before passkeys existed.
      .catch(() => live && setMethods({ totp: true, passkey: false }));
    return () => {
      live = false;
    };
  }, [pending]);

  if (!methods) return <p role="status">Loading…</p>;
  const usePasskey = async () => {
    setBusy(true);
    try {
      await onPasskey();
    } finally {
      setBusy(false);
    }
  };
  const passkeyButton = (
    <Button
      type="button"
      $variant={methods.totp ? 'outline' : 'cta'}
      disabled={busy}
      onClick={usePasskey}
    >
      {busy ? 'Waiting for your passkey...' : 'Use a passkey'}
    </Button>
  );
  if (methods.totp) {
    return (
      <>
        <TotpStep onSubmit={onCode} onCancel={onCancel} />
        {methods.passkey ? (
          <section aria-label="Sign in with a passkey">
            <p>Or confirm with your passkey instead of a code.</p>
            {passkeyButton}
          </section>
        ) : null}
      </>
    );
  }
  return (
    <section aria-labelledby="second-factor-heading">
      <h2 id="second-factor-heading">Two-factor authentication</h2>
      <p>Confirm with your passkey (security key, phone or this device) to finish signing in.</p>
      <Cluster $gap="md" $align="stretch">
        {passkeyButton}
        <Button type="button" $variant="ghost" onClick={onCancel}>
          Use another account
        </Button>
      </Cluster>
    </section>
  );
}
