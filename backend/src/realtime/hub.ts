import type { BusEvent } from './bus.ts';

/** The bus events that reach members: broadcasts and presence changes. */
export type MemberEvent = Extract<BusEvent, { kind: 'broadcast' | 'presence' }>;
type PresenceEvent = Extract<BusEvent, { kind: 'presence' }>;
import { ChangeIndex } from './change-index.ts';
import type { Membership } from './membership.ts';
import { TopicPresence, type PresenceDiff, type PresenceMap } from './presence.ts';
import { encodeBinaryBroadcast, push } from './protocol.ts';

/**
 * The channel a topic names in one namespace. A private channel and a public one of the same
 * topic are different channels, as on hosted Supabase: a public join or a public broadcast never
 * reaches the members of the private one, whose RLS policies it skipped (decision 0144).
 */
export const channelKey = (topic: string, isPrivate: boolean | undefined) =>
  `${isPrivate === true ? 'private' : 'public'}\u0000${topic}`;

/** Where a tracker lives: its instance, and the channel it tracks on. */
interface TrackerOrigin {
  origin: string;
  topic: string;
  isPrivate: boolean;
  trackerId: string;
}

/**
 * Presence changes of one channel are gathered at least this long and sent as one
 * presence_diff; a channel with many members here gathers longer (presenceDiffPeriod).
 */
export const PRESENCE_DIFF_MS = 25;
/** The longest a channel's presence changes are gathered. */
export const PRESENCE_DIFF_MAX_MS = 1_000;

/**
 * How long a channel with `members` members on this instance gathers presence changes: 25 ms
 * for up to 100, 25 ms more for every further 100, at most PRESENCE_DIFF_MAX_MS. Every diff is a
 * frame to every member, so a busy large channel sent members x diffs frames: 2,000 users
 * tracking over three seconds on two instances were 120 diffs to 1,000 sockets each, per
 * instance. Longer periods there make few, larger diffs; a conversation's two members still see
 * each other within 25 ms. Phoenix, behind hosted Supabase Realtime, gathers the changes of
 * other nodes for its 1.5 s broadcast period.
 */
export const presenceDiffPeriod = (members: number) =>
  Math.min(PRESENCE_DIFF_MAX_MS, PRESENCE_DIFF_MS * Math.max(1, Math.ceil(members / 100)));

function mergeInto(target: PresenceMap, from: PresenceMap) {
  for (const [key, { metas }] of Object.entries(from))
    (target[key] ??= { metas: [] }).metas.push(...metas);
}

/** The channels joined on this instance and the presence known for them. Sending never blocks. */
export class Hub {
  /**
   * Presence changes not yet sent, by channel key. Each track used to go to every member as a
   * frame of its own: 2,000 users joining one channel made 2,000 x 2,000 frames, and every
   * client applied 2,000 diffs (bench/realtime-cluster.ts). Gathered for PRESENCE_DIFF_MS, the
   * joins and leaves go out together; realtime-js applies a diff's joins, then its leaves, and
   * skips a join it already holds, so a track and untrack inside one diff, or a diff repeating
   * what the presence_state of a member joining meanwhile showed, come out right.
   */
  private readonly unsentDiffs = new Map<
    string,
    { topic: string; isPrivate: boolean; diff: PresenceDiff; timer: NodeJS.Timeout }
  >();
  /** Members by channelKey(topic, private). */
  private readonly topics = new Map<string, Set<Membership>>();
  private readonly presences = new Map<string, TopicPresence>();
  /** Which instance each tracker (channel key + NUL + tracker id) lives on. */
  private readonly origins = new Map<string, TrackerOrigin>();
  /** The members with postgres_changes bindings, by what they listen to. */
  readonly changes = new ChangeIndex();

  add(member: Membership) {
    const key = channelKey(member.topic, member.isPrivate);
    let members = this.topics.get(key);
    if (!members) this.topics.set(key, (members = new Set()));
    members.add(member);
    this.changes.add(member);
  }

  remove(member: Membership) {
    const key = channelKey(member.topic, member.isPrivate);
    const members = this.topics.get(key);
    if (members?.delete(member)) this.changes.remove(member);
    if (members?.size === 0) this.topics.delete(key);
  }

  members(topic: string, isPrivate: boolean | undefined): Iterable<Membership> {
    return this.topics.get(channelKey(topic, isPrivate)) ?? [];
  }

  presence(topic: string, isPrivate: boolean | undefined): TopicPresence {
    const key = channelKey(topic, isPrivate);
    let presence = this.presences.get(key);
    if (!presence) this.presences.set(key, (presence = new TopicPresence()));
    return presence;
  }

  /** Delivers a bus event from instance `origin` to this instance's members of its topic. */
  deliver(event: MemberEvent, origin: string) {
    if (event.kind === 'broadcast') return this.deliverBroadcast(event);
    const isPrivate = event.private === true;
    const key = channelKey(event.topic, isPrivate);
    const originKey = `${key}\u0000${event.trackerId}`;
    if (event.entry)
      this.origins.set(originKey, {
        origin,
        topic: event.topic,
        isPrivate,
        trackerId: event.trackerId,
      });
    else this.origins.delete(originKey);
    const presence = this.presence(event.topic, isPrivate);
    const diff = presence.set(event.trackerId, event.entry);
    if (presence.size === 0 && !this.topics.has(key)) this.presences.delete(key);
    if (!diff) return;
    const unsent = this.unsentDiffs.get(key);
    if (unsent) {
      mergeInto(unsent.diff.joins, diff.joins);
      mergeInto(unsent.diff.leaves, diff.leaves);
      return;
    }
    const period = presenceDiffPeriod(this.topics.get(key)?.size ?? 0);
    const timer = setTimeout(() => this.sendDiff(key), period);
    this.unsentDiffs.set(key, { topic: event.topic, isPrivate, diff, timer });
  }

  private sendDiff(key: string) {
    const unsent = this.unsentDiffs.get(key);
    if (!unsent) return;
    this.unsentDiffs.delete(key);
    const { topic, isPrivate, diff } = unsent;
    const frame = push(topic, 'presence_diff', { ...diff });
    const cache = new Map<string, Buffer>();
    for (const member of this.members(topic, isPrivate)) {
      if (member.presenceEnabled) member.outlet.sendShared(frame, cache);
    }
  }

  /** The presence of every tracker living on `origin`, as the events that would set it again. */
  trackedBy(origin: string): PresenceEvent[] {
    const events: PresenceEvent[] = [];
    for (const tracker of this.origins.values()) {
      if (tracker.origin !== origin) continue;
      const { topic, isPrivate, trackerId } = tracker;
      const entry = this.presences.get(channelKey(topic, isPrivate))?.get(trackerId);
      if (entry) events.push({ kind: 'presence', topic, private: isPrivate, trackerId, entry });
    }
    return events;
  }

  /** Removes every tracker of an instance that is gone; local members see them leave. */
  dropOrigin(origin: string) {
    for (const event of this.trackedBy(origin))
      this.deliver({ ...event, entry: undefined }, origin);
  }

  private deliverBroadcast(event: Extract<BusEvent, { kind: 'broadcast' }>) {
    const bytes = event.binary === undefined ? undefined : Buffer.from(event.binary, 'base64');
    const frame = push(event.topic, 'broadcast', {
      type: 'broadcast',
      event: event.event,
      payload: event.payload,
    });
    const binary = bytes && encodeBinaryBroadcast(event.topic, event.event, bytes);
    const cache = new Map<string, Buffer>();
    for (const member of this.members(event.topic, event.private)) {
      if (member.id === event.from && !member.broadcastSelf) continue;
      if (binary) member.outlet.sendBinary(binary);
      else member.outlet.sendShared(frame, cache);
    }
  }
}
