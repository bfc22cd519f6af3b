/**
 * The access gate for login-protected routes: admins and signed-in users pass; anonymous visitors
 * pass only on the open list or with a valid lead capture; everyone else is sent to sign in.
 */
export const OPEN_PATHS = new Set([
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/terms',
  '/privacy',
  '/cookies',
  '/contact',
  '/pricing',
  '/how-it-works',
  '/for-professionals',
  '/for-business',
  '/testimonials',
  '/compliance',
]);

/**
 * Protected pages a visitor with a valid lead capture may enter without an account (decision 0011):
 * only the AI matching try-out. Pages built on an account (dashboard, messages, favourites, the
 * management portal, account security...) stay behind sign-in.
 */
const LEAD_CAPTURE_PATHS = new Set(['/ai-matching']);

export interface GateInput {
  pathname: string;
  signedIn: boolean;
  isAdmin: boolean;
  hasValidLeadCapture: boolean;
}

export function mayEnter({ pathname, signedIn, isAdmin, hasValidLeadCapture }: GateInput): boolean {
  if (isAdmin || signedIn || OPEN_PATHS.has(pathname)) return true;
  return hasValidLeadCapture && LEAD_CAPTURE_PATHS.has(pathname);
}

// One rule for the gate and the sign-in pages (mf-auth): same-site paths only.
export { safeReturnTo } from '@promatch/shared';

/**
 * Where a session that still owes its second factor (a user with an authenticator, signed in at
 * aal1: a reload, an e-mail link, a reset password) must go before any page loads: the sign-in
 * page, which then asks for the code. Null when nothing is owed or the visitor is already there.
 * The database refuses such a session everything anyway (decision 0148); this spares the page
 * from loading only to be refused.
 */
export function secondStepPathFor(
  mfaRequired: boolean,
  pathname: string,
  search = '',
): string | null {
  if (!mfaRequired || pathname === '/login') return null;
  return loginPathFor(pathname, search);
}

export function loginPathFor(pathname: string, search = ''): string {
  return `/login?returnTo=${encodeURIComponent(`${pathname}${search}`)}`;
}
