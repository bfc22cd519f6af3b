import type { ApiResponse } from '../http/types.ts';
import {
  createUser,
  deleteUserById,
  getUserById,
  listUsers,
  updateUserById,
} from './admin/admin-users.ts';
import { generateLink } from './admin/generate-link.ts';
import { invite } from './admin/invite.ts';
import type { AuthCall } from './context.ts';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './handlers/factors.ts';
import { unlinkIdentity } from './handlers/identities.ts';
import { logout } from './handlers/logout.ts';
import { health, jwks, settings } from './handlers/meta.ts';
import { otp, resend } from './handlers/otp.ts';
import { recover } from './handlers/recover.ts';
import { signup } from './handlers/signup.ts';
import { token } from './handlers/token.ts';
import { getUser, updateCurrentUser } from './handlers/user.ts';
import { verifyGet, verifyPost } from './handlers/verify.ts';
import { authorize } from './oauth/authorize.ts';
import { callback } from './oauth/callback.ts';
import type { Route } from './router.ts';

type Handler = (call: AuthCall, params: Record<string, string>) => Promise<ApiResponse>;
const route = (method: string, pattern: string, handle: Handler): Route<AuthCall> => ({
  method,
  pattern,
  handle,
});

/**
 * The auth API's one route table (paths below /auth/v1). Each handler checks its own access
 * (requireUser / requireServiceRole) and rate limits, so what guards a route is in its file.
 */
export const authRoutes: Route<AuthCall>[] = [
  route('GET', '/health', health),
  route('GET', '/settings', settings),
  route('GET', '/.well-known/jwks.json', jwks),
  route('POST', '/signup', signup),
  route('POST', '/token', token),
  route('POST', '/logout', logout),
  route('GET', '/user', getUser),
  route('PUT', '/user', updateCurrentUser),
  route('GET', '/authorize', authorize),
  route('GET', '/user/identities/authorize', authorize),
  route('GET', '/callback', callback),
  route('DELETE', '/user/identities/:id', unlinkIdentity),
  route('POST', '/recover', recover),
  route('POST', '/otp', otp),
  route('POST', '/magiclink', otp),
  route('POST', '/resend', resend),
  route('POST', '/verify', verifyPost),
  route('GET', '/verify', verifyGet),
  route('POST', '/factors', enrollFactor),
  route('POST', '/factors/:id/challenge', challengeFactor),
  route('POST', '/factors/:id/verify', verifyFactor),
  route('DELETE', '/factors/:id', unenrollFactor),
  route('POST', '/invite', invite),
  route('GET', '/admin/users', listUsers),
  route('POST', '/admin/users', createUser),
  route('GET', '/admin/users/:id', getUserById),
  route('PUT', '/admin/users/:id', updateUserById),
  route('DELETE', '/admin/users/:id', deleteUserById),
  route('POST', '/admin/generate_link', generateLink),
];
