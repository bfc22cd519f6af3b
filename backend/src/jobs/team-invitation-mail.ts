import type { AppContext } from '../app-context.ts';
import { createMailer } from '../mail/create-mailer.ts';
import { escapeHtml } from '../mail/html.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { every } from './every.ts';

interface ClaimedInvitation {
  invitation_id: string;
  email: string;
  token: string;
  team_name: string;
  inviter_name: string;
  role: string;
  expires_at: Date | string;
}

const ukDate = (value: Date | string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date(value));

/** The invitation e-mail: who invited whom to which team, the single-use link and its expiry. */
export function renderTeamInvitation(invitation: ClaimedInvitation, siteUrl: string): MailMessage {
  const link = `${siteUrl.replace(/\/$/, '')}/teams?invitation=${encodeURIComponent(invitation.token)}`;
  const role = invitation.role === 'admin' ? 'an admin' : 'a member';
  const intro = `${invitation.inviter_name} invited you to join the team "${invitation.team_name}" on ProMatch as ${role}. Members share favourite professionals and projects, and hire together.`;
  const expiry = `The link works once and expires on ${ukDate(invitation.expires_at)}. Sign in (or create an account) with this e-mail address to accept.`;
  const action = 'Accept the invitation';
  return {
    to: invitation.email,
    subject: `Join ${invitation.team_name} on ProMatch`.slice(0, 200),
    text: `${intro}\n\n${action}: ${link}\n\n${expiry}\n\nIf you were not expecting this, you can ignore this e-mail.\n\nProMatch`,
    html: `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#111827">
<h1 style="color:#2563eb;font-size:20px">ProMatch</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="color:#2563eb">${escapeHtml(action)}</a></p>
<p>${escapeHtml(expiry)}</p>
<p style="color:#6b7280;font-size:12px">If you were not expecting this, you can ignore this e-mail.</p>
</body></html>`,
    links: [{ label: action, url: link }],
  };
}

/**
 * Claims invitations not yet e-mailed (public.claim_team_invitation_emails, which hands each token
 * to one instance only and clears it from the table) and sends each through the mailer. A failed
 * send puts the token back so the next run tries again.
 */
export async function sendTeamInvitations(
  ctx: Pick<AppContext, 'db' | 'config'>,
  mailer: Mailer,
  limit = 20,
): Promise<number> {
  const { rows } = await ctx.db.query<ClaimedInvitation>(
    `select invitation_id::text as invitation_id, email, token, team_name, inviter_name, role, expires_at
     from public.claim_team_invitation_emails($1)`,
    [limit],
  );
  let sent = 0;
  for (const row of rows) {
    try {
      await mailer.send(renderTeamInvitation(row, ctx.config.siteUrl));
      await ctx.db.query('update public.team_invitations set emailed_at = now() where id = $1', [
        row.invitation_id,
      ]);
      sent += 1;
    } catch (error) {
      console.error('[backend] team invitation e-mail failed:', error);
      await ctx.db.query(
        'update public.team_invitation_tokens set pending_token = $2 where invitation_id = $1',
        [row.invitation_id, row.token],
      );
    }
  }
  return sent;
}

/** Sends invitation e-mails every `intervalMs` until stopped; errors are logged and retried. */
export function startTeamInvitationMail(ctx: AppContext, intervalMs = 1000): () => void {
  const mailer = createMailer(ctx);
  return every('team invitation mail', intervalMs, () => sendTeamInvitations(ctx, mailer));
}
