import { randomUUID } from 'node:crypto';

/** A new meta for a track: the payload plus the phx_ref realtime-js keys presences by. */
export const newMeta = (payload: Record<string, unknown>): Meta => ({
  ...payload,
  phx_ref: randomUUID().replace(/-/g, '').slice(0, 20),
});

export type Meta = Record<string, unknown> & { phx_ref: string };

/** One tracked presence: which key it is under and its current meta. */
export interface Entry {
  key: string;
  meta: Meta;
}

export type PresenceMap = Record<string, { metas: Meta[] }>;

export interface PresenceDiff {
  joins: PresenceMap;
  leaves: PresenceMap;
}

const single = (entry: Entry | undefined): PresenceMap =>
  entry ? { [entry.key]: { metas: [entry.meta] } } : {};

/**
 * Presence of one topic, Phoenix.Presence style: every tracker (a membership, here or on another
 * instance) holds at most one meta under its key; a re-track replaces it (a leave plus a join).
 */
export class TopicPresence {
  private readonly entries = new Map<string, Entry>();

  has(trackerId: string) {
    return this.entries.has(trackerId);
  }

  get(trackerId: string): Entry | undefined {
    return this.entries.get(trackerId);
  }

  get size() {
    return this.entries.size;
  }

  /** Sets (entry) or clears (undefined) a tracker's presence; the diff to send, if anything changed. */
  set(trackerId: string, entry: Entry | undefined): PresenceDiff | undefined {
    const previous = this.entries.get(trackerId);
    if (!previous && !entry) return undefined;
    // The same meta again (an instance answering a sync-request) changes nothing.
    if (previous && entry && previous.meta.phx_ref === entry.meta.phx_ref) return undefined;
    if (entry) this.entries.set(trackerId, entry);
    else this.entries.delete(trackerId);
    return { joins: single(entry), leaves: single(previous) };
  }

  state(): PresenceMap {
    const state: PresenceMap = {};
    for (const { key, meta } of this.entries.values()) {
      (state[key] ??= { metas: [] }).metas.push(meta);
    }
    return state;
  }
}
