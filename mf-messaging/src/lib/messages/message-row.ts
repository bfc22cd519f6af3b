import type { Database } from '@promatch/shared';

/**
 * A stored message as the database returns it. The thread shows it, the outbox receives it from
 * the send rpc and the realtime channel delivers it, so it belongs to none of those features.
 */
export type MessageRow = Database['public']['Tables']['messages']['Row'];

/** A file already uploaded to the conversation's folder, as the message stores it. */
export interface Attachment {
  path: string;
  name: string;
  type: string;
  size: number;
}
