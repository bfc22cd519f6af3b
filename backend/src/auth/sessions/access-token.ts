import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../users/user-row.ts';
import type { AmrEntry, SessionRow } from './sessions-repo.ts';

/** Signs the user's access token with the claims GoTrue puts in (see supabase-contract notes). */
export async function signAccessToken(
  ctx: AppContext,
  user: UserRow,
  session: Pick<SessionRow, 'id' | 'aal'>,
  amr: AmrEntry[],
): Promise<{ token: string; expiresAt: number }> {
  const expiresIn = ctx.config.jwtExpiry;
  const token = await ctx.keys.sign(
    {
      sub: user.id,
      aud: user.aud ?? 'authenticated',
      role: user.role ?? 'authenticated',
      aal: session.aal,
      amr,
      session_id: session.id,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      is_anonymous: user.is_anonymous,
    },
    expiresIn,
  );
  return { token, expiresAt: Math.floor(Date.now() / 1000) + expiresIn };
}
