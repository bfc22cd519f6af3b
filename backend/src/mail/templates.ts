import { escapeHtml } from './html.ts';
import type { MailMessage } from './mailer.ts';

export type AuthEmailKind = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change';

interface Copy {
  subject: string;
  intro: string;
  action: string;
}

const COPY: Record<AuthEmailKind, Copy> = {
  signup: {
    subject: 'Confirm your ProMatch account',
    intro:
      'Welcome to ProMatch. Please confirm your e-mail address to finish creating your account.',
    action: 'Confirm your e-mail address',
  },
  invite: {
    subject: 'You have been invited to ProMatch',
    intro: 'You have been invited to join ProMatch, the UK marketplace for professional services.',
    action: 'Accept the invitation',
  },
  magiclink: {
    subject: 'Your ProMatch sign-in link',
    intro: 'Use the link below to sign in to ProMatch. It can be used once.',
    action: 'Sign in to ProMatch',
  },
  recovery: {
    subject: 'Reset your ProMatch password',
    intro: 'We received a request to reset the password of your ProMatch account.',
    action: 'Choose a new password',
  },
  email_change: {
    subject: 'Confirm your new ProMatch e-mail address',
    intro: 'Please confirm the change of the e-mail address of your ProMatch account.',
    action: 'Confirm the new address',
  },
};

const FOOTER = 'If you did not ask for this, you can ignore this e-mail.';

/** A plain, branded e-mail with one action link and the one-time code as a fallback. */
export function renderAuthEmail(
  kind: AuthEmailKind,
  to: string,
  link: string,
  otp: string,
): MailMessage {
  const copy = COPY[kind];
  const text = `${copy.intro}\n\n${copy.action}: ${link}\n\nOr enter this code: ${otp}\n\n${FOOTER}\n\nProMatch`;
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#111827">
<h1 style="color:#2563eb;font-size:20px">ProMatch</h1>
<p>${escapeHtml(copy.intro)}</p>
<p><a href="${escapeHtml(link)}" style="color:#2563eb">${escapeHtml(copy.action)}</a></p>
<p>Or enter this code: <strong>${escapeHtml(otp)}</strong></p>
<p style="color:#6b7280;font-size:12px">${escapeHtml(FOOTER)}</p>
</body></html>`;
  return { to, subject: copy.subject, text, html, links: [{ label: copy.action, url: link }] };
}

/**
 * Sent instead of a confirmation when someone signs up with an address that already has an
 * account: sign-up answers the same either way (no enumeration), so the owner learns it here.
 */
export function renderAccountExistsEmail(to: string, siteUrl: string): MailMessage {
  const intro =
    'Someone tried to create a ProMatch account with this e-mail address, which already has one. If it was you, sign in, or choose a new password if you have forgotten it.';
  const links = [
    { label: 'Sign in to ProMatch', url: `${siteUrl}/login` },
    { label: 'Reset your password', url: `${siteUrl}/forgot-password` },
  ];
  const text = `${intro}\n\n${links.map((l) => `${l.label}: ${l.url}`).join('\n')}\n\nIf it was not you, you can ignore this e-mail: nothing has changed.\n\nProMatch`;
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#111827">
<h1 style="color:#2563eb;font-size:20px">ProMatch</h1>
<p>${escapeHtml(intro)}</p>
${links.map((l) => `<p><a href="${escapeHtml(l.url)}" style="color:#2563eb">${escapeHtml(l.label)}</a></p>`).join('\n')}
<p style="color:#6b7280;font-size:12px">If it was not you, you can ignore this e-mail: nothing has changed.</p>
</body></html>`;
  return { to, subject: 'Someone tried to sign up with your ProMatch address', text, html, links };
}
