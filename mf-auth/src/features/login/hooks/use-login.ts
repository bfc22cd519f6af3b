import { getSessionStore, safeReturnTo, toast } from '@promatch/shared';
import type { LoginInput } from '@promatch/shared/validation';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { authErrorText } from '../../../lib/auth-error-text';
import { CAPTCHA_NEEDED, type Captcha } from '../../../lib/captcha';
import {
  dropCurrentSession,
  sendPhoneCode,
  signIn,
  verifyCurrentSession,
  verifyPhoneCode,
  verifySecondFactor,
  type SecondFactor,
} from '../api/sign-in';
import { verifyPasskey } from '../api/passkey';
import { passkeyErrorText } from '../utils/passkey-error-text';
import { useAttemptCounter } from './use-attempt-counter';

/** The redirect after a successful login waits 0.5 s, so the success toast is seen. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

export interface PendingSecondFactor {
  /** The isolated client holding the aal1 session; null for the page's own session. */
  pending: SupabaseClient | null;
  factor: SecondFactor;
}

/**
 * The login flow: sign-in (with the captcha when the site has one), the optional second step
 * (authenticator code, a code texted to a phone, or a passkey), the failure counter, the toasts
 * and the redirect.
 */
export function useLogin(returnTo: string | null, captcha: Captcha) {
  const navigate = useNavigate();
  const attempts = useAttemptCounter(captcha.required);
  const [error, setError] = useState<string | null>(null);
  const [secondFactor, setSecondFactor] = useState<PendingSecondFactor | null>(null);
  const [phoneChallenge, setPhoneChallenge] = useState<string | null>(null);

  const fail = (cause: unknown) => {
    attempts.fail();
    const message = authErrorText(cause);
    setError(message);
    toast({ title: 'Login Failed', description: message, variant: 'destructive' });
  };

  const succeed = () => {
    attempts.succeed();
    setError(null);
    toast({ title: 'Welcome back!', description: 'Successfully logged in!', variant: 'success' });
    const target = safeReturnTo(returnTo);
    setTimeout(() => navigate(target, { replace: true }), LOGIN_REDIRECT_DELAY_MS);
  };

  const submitPassword = async (input: LoginInput) => {
    if (attempts.waitSeconds > 0) return;
    if (captcha.required && !captcha.token) {
      setError(CAPTCHA_NEEDED);
      return;
    }
    setError(null);
    getSessionStore().getState().clearSession();
    try {
      const result = await signIn(input, captcha.token ?? undefined);
      if (result.kind === 'second-factor') setSecondFactor(result);
      else succeed();
    } catch (cause) {
      fail(cause);
    } finally {
      // A token is good for one request.
      if (captcha.required) captcha.reset();
    }
  };

  /** Texts a (new) code to the phone factor of the pending or current session. */
  const sendCode = async (factor: PendingSecondFactor) => {
    try {
      setPhoneChallenge(await sendPhoneCode(factor.pending, factor.factor.id));
      return true;
    } catch (cause) {
      setError(authErrorText(cause));
      return false;
    }
  };

  // The password step's pending client, or else the page's own aal1 session (a reload, a link).
  const submitCode = async (code: string) => {
    try {
      if (secondFactor?.factor.type === 'phone') {
        if (!phoneChallenge) throw new Error('Send a code to your phone first.');
        await verifyPhoneCode(secondFactor.pending, secondFactor.factor.id, phoneChallenge, code);
      } else if (secondFactor?.pending)
        await verifySecondFactor(secondFactor.pending, secondFactor.factor.id, code);
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
    if (!secondFactor?.pending) void dropCurrentSession();
    setSecondFactor(null);
    setPhoneChallenge(null);
  };

  return {
    error,
    secondFactor,
    /** The page's own session owes a phone code (found after a reload or an e-mail link). */
    owePhone: useCallback((factor: SecondFactor) => setSecondFactor({ pending: null, factor }), []),
    submitPassword,
    submitCode,
    submitPasskey,
    sendCode,
    cancelSecondFactor,
    attempts,
    failureCount: () => attempts.failures,
  };
}
