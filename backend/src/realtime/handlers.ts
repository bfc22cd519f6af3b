import type { AppContext } from '../app-context.ts';
import { identify, mayWrite, RealtimeAuthError } from './authorize.ts';
import type { Bus } from './bus.ts';
import type { Hub } from './hub.ts';
import { join } from './join.ts';
import { subTopic, type Membership } from './membership.ts';
import { newMeta } from './presence.ts';
import { push, reply, type BinaryPayload, type Frame } from './protocol.ts';
import type { Session } from './session.ts';

export interface Realm {
  ctx: AppContext;
  hub: Hub;
  bus: Bus;
}

/** Leaves a membership: off the hub, its presence removed everywhere. */
export async function leave(realm: Realm, session: Session, member: Membership) {
  clearTimeout(member.expiryTimer);
  session.members.delete(member.topic);
  realm.hub.remove(member);
  if (!realm.hub.presence(member.topic, member.isPrivate).has(member.id)) return;
  await realm.bus.publish({
    kind: 'presence',
    topic: member.topic,
    private: member.isPrivate,
    trackerId: member.id,
    entry: undefined,
  });
}

// Hosted Realtime closes a channel when its token expires; so does this.
function watchExpiry(session: Session, member: Membership) {
  clearTimeout(member.expiryTimer);
  const exp = member.identity.claims.exp;
  if (exp === undefined) return;
  const ms = Math.min(exp * 1000 - Date.now(), 2 ** 31 - 1);
  member.expiryTimer = setTimeout(
    () => {
      if (session.members.get(member.topic) !== member) return;
      session.closeChannel(member, 'Token has expired');
    },
    Math.max(ms, 0),
  );
}

async function onJoin(realm: Realm, session: Session, frame: Frame) {
  const previous = session.members.get(frame.topic);
  if (previous) await leave(realm, session, previous);
  try {
    const { member, changes } = await join(realm.ctx, session, frame, session.socketToken);
    // the socket closed while the join was checked: its members were already let go
    if (session.isClosed) return;
    session.members.set(member.topic, member);
    realm.hub.add(member);
    watchExpiry(session, member);
    session.send(reply(frame, 'ok', { postgres_changes: changes }));
    if (changes.length > 0) {
      session.send(
        push(frame.topic, 'system', {
          channel: subTopic(frame.topic),
          extension: 'postgres_changes',
          message: 'Subscribed to PostgreSQL',
          status: 'ok',
        }),
      );
    }
    if (member.presenceEnabled)
      session.send(
        push(
          frame.topic,
          'presence_state',
          realm.hub.presence(frame.topic, member.isPrivate).state(),
        ),
      );
  } catch (error) {
    if (!(error instanceof RealtimeAuthError)) throw error;
    session.send(reply(frame, 'error', { reason: error.message }));
  }
}

async function onAccessToken(realm: Realm, session: Session, member: Membership, frame: Frame) {
  const token = frame.payload.access_token;
  if (typeof token !== 'string' || token === member.identity.token) return;
  try {
    member.identity = await identify(realm.ctx, token);
    member.canWrite = member.isPrivate ? undefined : true;
    watchExpiry(session, member);
  } catch (error) {
    if (!(error instanceof RealtimeAuthError)) throw error;
    session.closeChannel(member, error.message);
    await leave(realm, session, member);
  }
}

async function canSend(realm: Realm, member: Membership) {
  member.canWrite ??= await mayWrite(realm.ctx.db, member.identity, subTopic(member.topic));
  return member.canWrite;
}

async function onBroadcast(realm: Realm, member: Membership, frame: Frame) {
  const { event, payload } = frame.payload;
  if (typeof event !== 'string' || !(await canSend(realm, member))) {
    if (member.broadcastAck) member.outlet.send(reply(frame, 'error', { reason: 'Unauthorized' }));
    return;
  }
  const bytes = (payload as BinaryPayload | undefined)?.bytes;
  await realm.bus.publish({
    kind: 'broadcast',
    topic: member.topic,
    private: member.isPrivate,
    event,
    from: member.id,
    ...(Buffer.isBuffer(bytes) ? { payload: null, binary: bytes.toString('base64') } : { payload }),
  });
  if (member.broadcastAck) member.outlet.send(reply(frame, 'ok'));
}

async function onPresence(realm: Realm, session: Session, member: Membership, frame: Frame) {
  if (!(await canSend(realm, member)))
    return member.outlet.send(reply(frame, 'error', { reason: 'Unauthorized' }));
  // closed while the permission was checked: its leave has been published already
  if (session.isClosed) return;
  const { event, payload } = frame.payload;
  const meta = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
  const entry = event === 'track' ? { key: member.presenceKey, meta: newMeta(meta) } : undefined;
  await realm.bus.publish({
    kind: 'presence',
    topic: member.topic,
    private: member.isPrivate,
    trackerId: member.id,
    entry,
  });
  member.outlet.send(reply(frame, 'ok'));
}

/** Everything a client sends, by event. Frames for a topic the socket has not joined get an error. */
export async function handleFrame(realm: Realm, session: Session, frame: Frame) {
  if (frame.topic === 'phoenix') {
    if (frame.event === 'heartbeat') session.send(reply(frame, 'ok'));
    return;
  }
  if (frame.event === 'phx_join') return onJoin(realm, session, frame);
  const member = session.members.get(frame.topic);
  if (!member) {
    // Leaving a channel whose join was refused is fine: realtime-js waits for this ok (or its
    // 10 s timeout) before it lets go of the channel.
    const leaving = frame.event === 'phx_leave';
    if (frame.ref)
      session.send(
        reply(frame, leaving ? 'ok' : 'error', leaving ? {} : { reason: 'unmatched topic' }),
      );
    return;
  }
  switch (frame.event) {
    case 'phx_leave':
      await leave(realm, session, member);
      return session.send(reply(frame, 'ok'));
    case 'access_token':
      return onAccessToken(realm, session, member, frame);
    case 'broadcast':
      return onBroadcast(realm, member, frame);
    case 'presence':
      return onPresence(realm, session, member, frame);
    default:
      if (frame.ref) session.send(reply(frame, 'ok'));
  }
}
