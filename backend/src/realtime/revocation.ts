import { endedSessionMessage } from '../http/live-token.ts';
import { leave, type Realm } from './handlers.ts';
import type { Session } from './session.ts';

/** What backend/sql/bootstrap/050_session_ended_notify.sql notifies, with the session id. */
const sessionEndedChannel = 'auth_session_ended';

/**
 * Closes every channel joined with a token of the ended auth session, as a channel is closed
 * when its token expires: the client is told (system error, then phx_close) and the membership
 * leaves the hub, so no further postgres_changes, broadcast or presence reach it, and its
 * presence is removed for the others.
 */
async function closeSessionChannels(realm: Realm, sessions: Iterable<Session>, sessionId: string) {
  for (const session of sessions) {
    for (const member of [...session.members.values()]) {
      if (member.identity.claims.session_id !== sessionId) continue;
      session.closeChannel(member, endedSessionMessage);
      await leave(realm, session, member);
    }
  }
}

/**
 * Sign-out and suspension end sessions in the database; this closes their channels on every
 * instance at once (each one listens). If listening is lost, index.ts closes every socket, and
 * the rejoins meet identify()'s live-session check.
 */
export function closeChannelsOfEndedSessions(
  realm: Realm,
  sessions: Iterable<Session>,
): Promise<() => Promise<void>> {
  return realm.ctx.db.listen(sessionEndedChannel, (sessionId) => {
    closeSessionChannels(realm, sessions, sessionId).catch((e: unknown) =>
      console.error('[realtime] closing an ended session:', e),
    );
  });
}
