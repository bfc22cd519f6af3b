import { safeReturnTo, toast } from '@promatch/shared';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { finishOAuthReturn, OAUTH_RETURN_PARAM } from '../../../lib/oauth';

/** Codes already being traded: a code is good once, and effects may run twice. */
const handled = new Set<string>();

/**
 * Back from a provider on /login?oauth=1: signs in with the code, or shows what went wrong. A
 * person the provider knows but ProMatch does not goes to the register page to choose an account
 * type first.
 */
export function useOAuthReturn(returnTo: string | null) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returning = params.get(OAUTH_RETURN_PARAM) === '1';
  const [working, setWorking] = useState(returning);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!returning) return;
    const key = params.get('code') ?? params.get('error_code') ?? params.get('error') ?? '';
    if (handled.has(key)) return;
    handled.add(key);
    void finishOAuthReturn(params).then((result) => {
      setWorking(false);
      if (result.kind === 'signed-in') {
        toast({ title: 'Welcome!', description: 'Successfully signed in.', variant: 'success' });
        navigate(safeReturnTo(returnTo), { replace: true });
      } else if (result.kind === 'error' && result.code === 'signup_required') {
        navigate('/register?oauth_signup=1', { replace: true });
      } else if (result.kind === 'error') {
        setError(result.message);
        navigate('/login', { replace: true });
      }
    });
  }, [returning, params, navigate, returnTo]);
  return { working, error };
}
