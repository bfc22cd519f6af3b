import type { JwtClaims } from '../config/keys.ts';
import type { ChangeFilter } from './filters.ts';
import type { Frame } from './protocol.ts';

/** Who a channel acts as: the role and claims every RLS check runs with. */
export interface Identity {
  role: string;
  claims: JwtClaims;
  token: string;
}

/** One postgres_changes binding the client asked for, with the id the join reply gave it. */
export interface ChangeBinding {
  id: number;
  event: string;
  schema: string;
  table: string | undefined;
  filter: ChangeFilter | undefined;
}

/** What a socket's session offers a membership: sending, bounded and never blocking. */
export interface Outlet {
  readonly id: string;
  send(frame: Frame): void;
  /** Sends a frame many members share, encoded once per protocol version (`cache`). */
  sendShared(frame: Frame, cache: Map<string, Buffer>): void;
  sendBinary(data: Buffer): void;
}

/** A socket joined to one topic (realtime:<name>), with the join's config. */
export interface Membership {
  id: string;
  outlet: Outlet;
  topic: string;
  joinRef: string | null;
  identity: Identity;
  broadcastSelf: boolean;
  broadcastAck: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  isPrivate: boolean;
  bindings: ChangeBinding[];
  /** Whether RLS on realtime.messages lets this member send (private channels; checked once). */
  canWrite: boolean | undefined;
  expiryTimer: NodeJS.Timeout | undefined;
}

/** realtime.topic() sees the topic without the realtime: prefix, as on hosted Supabase. */
export const subTopic = (topic: string) => topic.replace(/^realtime:/, '');
