import { Button, Cluster } from '@promatch/shared';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useState, type ReactNode } from 'react';
import { secondFactorMethods, type SecondFactorMethods } from '../api/passkey';
import { TotpStep } from './totp-step';

export interface SecondFactorStepProps {
  /** The password step's isolated client, or null for the page's own aal1 session. */
  pending: SupabaseClient | null;
  /**
   * The texted-code step, when the code comes by text message (a phone and no authenticator
   * app); a passkey is then offered beside it.
   */
  phoneStep?: ReactNode;
  onCode(code: string): Promise<void>;
  onPasskey(): Promise<void>;
  onCancel(): void;
}

/**
 * The second sign-in step: the code from an authenticator app or a text message, a passkey, or a
 * code with the passkey offered beside it.
 */
export function SecondFactorStep({
  pending,
  phoneStep,
  onCode,
  onPasskey,
  onCancel,
}: SecondFactorStepProps) {
  const [methods, setMethods] = useState<SecondFactorMethods | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    secondFactorMethods(pending)
      .then((found) => live && setMethods(found))
      // Unknown: offer the code step, as before passkeys existed.
      .catch(() => live && setMethods({ totp: true, phone: false, passkey: false }));
    return () => {
      live = false;
    };
  }, [pending]);

  // A phone-only session restored at aal1 waits for the page to find its phone step.
  if (!methods || (methods.phone && !methods.totp && !phoneStep)) {
    return <p role="status">Loading…</p>;
  }
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
      $variant={methods.totp || phoneStep ? 'outline' : 'cta'}
      disabled={busy}
      onClick={usePasskey}
    >
      {busy ? 'Waiting for your passkey...' : 'Use a passkey'}
    </Button>
  );
  if (methods.totp || phoneStep) {
    return (
      <>
        {phoneStep ?? <TotpStep onSubmit={onCode} onCancel={onCancel} />}
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
