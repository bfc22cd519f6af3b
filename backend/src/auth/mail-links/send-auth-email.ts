import type { Queryable } from '../../db/types.ts';
import { renderAuthEmail, type AuthEmailKind } from '../../mail/templates.ts';
import { ErrorCode } from '../codes.ts';
import { AuthError } from '../errors.ts';
import type { AuthCall } from '../context.ts';
import { enforce } from '../rate-limit.ts';
import type { UserRow } from '../users/user-row.ts';
import { issueEmailToken, PKCE_PREFIX, verificationLink } from './email-tokens.ts';

/** Counts one e-mail to `address`; 429 over_email_send_rate_limit past RATE_LIMIT_EMAIL_SENT. */
export async function enforceEmailLimit(call: AuthCall, address: string): Promise<void> {
  await enforce(
    call.app.db,
    'email_sent',
    { account: address },
    call.settings.rateLimits.emailSent,
    ErrorCode.overEmailSendRateLimit,
  );
}

/** Wording of GoTrue's "Error sending ... email" messages. */
const SUBJECT: Record<AuthEmailKind, string> = {
  signup: 'confirmation',
  invite: 'invite',
  magiclink: 'magic link',
  recovery: 'recovery',
  email_change: 'email change',
};

export interface IssuedLink {
  user: UserRow;
  otp: string;
  /** The token as stored and put in the link (with the pkce_ prefix for PKCE flows). */
  linkToken: string;
  hash: string;
  link: string;
}

/** Issues the one-time token and builds the verification link, without sending anything. */
export async function issueLink(
  call: AuthCall,
  db: Queryable,
  user: UserRow,
  kind: AuthEmailKind,
  options: { redirectTo: string; pkce: boolean },
): Promise<IssuedLink> {
  const issued = await issueEmailToken(db, user, kind, options.pkce);
  const linkToken = options.pkce ? PKCE_PREFIX + issued.hash : issued.hash;
  const link = verificationLink(call.app.config.publicUrl, linkToken, kind, options.redirectTo);
  return { user: issued.user, otp: issued.otp, hash: issued.hash, linkToken, link };
}

/** Issues a token and e-mails the link (to the new address for email_change). */
export async function sendAuthEmail(
  call: AuthCall,
  user: UserRow,
  kind: AuthEmailKind,
  options: { redirectTo: string; pkce: boolean },
): Promise<UserRow> {
  const issued = await issueLink(call, call.app.db, user, kind, options);
  const to = kind === 'email_change' ? (issued.user.email_change ?? '') : (issued.user.email ?? '');
  try {
    await call.mailer.send(renderAuthEmail(kind, to, issued.link, issued.otp));
  } catch (error) {
    // GoTrue's answer when SMTP fails; operators see why (never the message body: it has the link).
    console.error(`auth: sending ${kind} e-mail failed: ${(error as Error).message}`);
    throw new AuthError(500, ErrorCode.unexpectedFailure, `Error sending ${SUBJECT[kind]} email`);
  }
  return issued.user;
}
