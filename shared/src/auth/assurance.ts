/** The parts of a supabase-js Session that decide whether it counts as signed in. */
export interface SessionLike {
  access_token: string;
  user: { factors?: Array<{ status: string }> | null };
}

/** The `aal` claim of an access token ('aal1' when absent or unreadable). */
export function tokenAssuranceLevel(accessToken: string): string {
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const text = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(text) as { aal?: unknown };
    return typeof claims.aal === 'string' ? claims.aal : 'aal1';
  } catch {
    return 'aal1';
  }
}

/**
 * True when the user has a verified factor but this session has not passed it yet (aal1): such a
 * session must not count as signed in until the code is given and the session reaches aal2.
 */
export function needsSecondFactor(session: SessionLike): boolean {
  const hasVerifiedFactor = (session.user.factors ?? []).some(
    (factor) => factor.status === 'verified',
  );
  return hasVerifiedFactor && tokenAssuranceLevel(session.access_token) !== 'aal2';
}
