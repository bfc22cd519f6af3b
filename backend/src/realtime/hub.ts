import type { BusEvent } from './bus.ts';

/** The bus events that reach members: broadcasts and presence changes. */
export type MemberEvent = Extract<BusEvent, { kind: 'broadcast' | 'presence' }>;
type PresenceEvent = Extract<BusEvent, { kind: 'presence' }>;
import type { Membership } from './membership.ts';
import { TopicPresence } from './presence.ts';
import { encodeBinaryBroadcast, push } from './protocol.ts';

/** The topics joined on this instance and the presence known for them. Sending never blocks. */
export class Hub {
  private readonly topics = new Map<string, Set<Membership>>();
  private readonly presences = new Map<string, TopicPresence>();
  /** Which instance each tracker (`topic` + NUL + tracker id) lives on. */
  private readonly origins = new Map<string, string>();

  add(member: Membership) {
    let members = this.topics.get(member.topic);
    if (!members) this.topics.set(member.topic, (members = new Set()));
    members.add(member);
  }

  remove(member: Membership) {
    const members = this.topics.get(member.topic);
    members?.delete(member);
    if (members?.size === 0) this.topics.delete(member.topic);
  }

  members(topic: string): Iterable<Membership> {
    return this.topics.get(topic) ?? [];
  }

  all(): Iterable<Membership> {
    return [...this.topics.values()].flatMap((set) => [...set]);
  }

  presence(topic: string): TopicPresence {
    let presence = this.presences.get(topic);
    if (!presence) this.presences.set(topic, (presence = new TopicPresence()));
    return presence;
  }

  /** Delivers a bus event from instance `origin` to this instance's members of its topic. */
  deliver(event: MemberEvent, origin: string) {
    if (event.kind === 'broadcast') return this.deliverBroadcast(event);
    const originKey = `${event.topic}\u0000${event.trackerId}`;
    if (event.entry) this.origins.set(originKey, origin);
    else this.origins.delete(originKey);
    const presence = this.presence(event.topic);
    const diff = presence.set(event.trackerId, event.entry);
    if (presence.size === 0 && !this.topics.has(event.topic)) this.presences.delete(event.topic);
    if (!diff) return;
    const frame = push(event.topic, 'presence_diff', { ...diff });
    const cache = new Map<string, string>();
    for (const member of this.members(event.topic)) {
      if (member.presenceEnabled) member.outlet.sendShared(frame, cache);
    }
  }

  /** The presence of every tracker living on `origin`, as the events that would set it again. */
  trackedBy(origin: string): PresenceEvent[] {
    const events: PresenceEvent[] = [];
    for (const [key, owner] of this.origins) {
      if (owner !== origin) continue;
      const [topic = '', trackerId = ''] = key.split('\u0000');
      const entry = this.presences.get(topic)?.get(trackerId);
      if (entry) events.push({ kind: 'presence', topic, trackerId, entry });
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
    const cache = new Map<string, string>();
    for (const member of this.members(event.topic)) {
      if (member.id === event.from && !member.broadcastSelf) continue;
      if (binary) member.outlet.sendBinary(binary);
      else member.outlet.sendShared(frame, cache);
    }
  }
}
