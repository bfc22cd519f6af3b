import { getSessionStore, safeReturnTo, toast } from '@promatch/shared';
import type { LoginInput } from '@promatch/shared/validation';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { authErrorText } from '../../../lib/auth-error-text';
import {
  dropCurrentSession,
  signIn,
  verifyCurrentSession,
  verifySecondFactor,
} from '../api/sign-in';
import { verifyPasskey } from '../api/passkey';
import { passkeyErrorText } from '../utils/passkey-error-text';

/** The redirect after a successful login waits 0.5 s, so the success toast is seen. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

export interface PendingSecondFactor {
  pending: SupabaseClient;
  factorId: string;
}

/** The login flow: sign-in, the optional second step (code or passkey), the toasts and the redirect. */
export function useLogin(returnTo: string | null) {
  const navigate = useNavigate();
  const failures = useRef(0);
  const [error, setError] = useState<string | null>(null);
  const [secondFactor, setSecondFactor] = useState<PendingSecondFactor | null>(null);

  const fail = (cause: unknown) => {
    failures.current += 1;
    const message = authErrorText(cause);
    setError(message);
    toast({ title: 'Login Failed', description: message, variant: 'destructive' });
  };

  const succeed = () => {
    failures.current = 0;
    setError(null);
    toast({ title: 'Welcome back!', description: 'Successfully logged in!', variant: 'success' });
    const target = safeReturnTo(returnTo);
    setTimeout(() => navigate(target, { replace: true }), LOGIN_REDIRECT_DELAY_MS);
  };

  const submitPassword = async (input: LoginInput) => {
    setError(null);
    getSessionStore().getState().clearSession();
    try {
      const result = await signIn(input);
      if (result.kind === 'second-factor') setSecondFactor(result);
      else succeed();
    } catch (cause) {
      fail(cause);
    }
  };

  // The password step's pending client, or else the page's own aal1 session (a reload, a link).
  const submitCode = async (code: string) => {
    try {
      if (secondFactor) await verifySecondFactor(secondFactor.pending, secondFactor.factorId, code);
      else await verifyCurrentSession(code);
      succeed();
    } catch (cause) {
      fail(cause);
    }
  };

  // The passkey instead of the code, on the same pending client or page session.
  const submitPasskey = async () => {
    try {
      await verifyPasskey(secondFactor?.pending ?? null);
      succeed();
    } catch (cause) {
      fail(new Error(passkeyErrorText(cause)));
    }
  };

  const cancelSecondFactor = () => {
    if (!secondFactor) void dropCurrentSession();
    setSecondFactor(null);
  };

  return {
    error,
    secondFactor,
    submitPassword,
    submitCode,
    submitPasskey,
    cancelSecondFactor,
    failureCount: () => failures.current,
  };
}
