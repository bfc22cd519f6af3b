import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { Membership, Outlet } from './membership.ts';
import {
  decodeBinary,
  decodeText,
  encodeText,
  push,
  reply,
  type Frame,
  type Vsn,
} from './protocol.ts';

/** A client further behind than this (bytes not yet written to its socket) is disconnected. */
export const maxBufferedBytes = 8 * 1024 * 1024;
/** realtime-js heartbeats every 25 s; a socket silent for this long is dead. */
const idleLimitMs = 65_000;

export interface FrameHandler {
  (session: Session, frame: Frame): Promise<void>;
}

/** One WebSocket: its protocol version, its memberships, and a send path that never blocks. */
export class Session implements Outlet {
  readonly id = randomUUID();
  readonly members = new Map<string, Membership>();
  private lastSeen = Date.now();
  private closed = false;

  constructor(
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    readonly socketToken: string | undefined,
  ) {}

  /** Feeds every frame, in order, to `handle`; `onClose` runs once when the socket goes. */
  run(handle: FrameHandler, onClose: (session: Session) => void) {
    let chain = Promise.resolve();
    this.ws.on('message', (data: Buffer, isBinary: boolean) => {
      this.lastSeen = Date.now();
      const frame = isBinary ? decodeBinary(data) : decodeText(data.toString('utf8'), this.vsn);
      if (!frame) return;
      // In order per socket (a join completes before the broadcast that follows it). Frames
      // still queued when the socket closes are dropped: handled after onClose, a join would
      // leave a member nobody removes, and a track behind it a presence entry that never leaves.
      chain = chain
        .then(() => (this.closed ? undefined : handle(this, frame)))
        .catch((error: unknown) => {
          console.error('[realtime] frame failed:', error);
          this.send(reply(frame, 'error', { reason: 'internal error' }));
        });
    });
    this.ws.on('close', () => {
      this.closed = true;
      onClose(this);
    });
    this.ws.on('error', () => this.ws.terminate());
  }

  /** Whether the socket has gone (closed by the client, or cut off here). */
  get isClosed() {
    return this.closed;
  }

  isIdle(now: number) {
    return now - this.lastSeen > idleLimitMs;
  }

  send(frame: Frame) {
    this.write(encodeText(frame, this.vsn));
  }

  /**
   * A frame for many sockets is encoded once per protocol version, to UTF-8 bytes too: ws turns a
   * string into bytes on every send, which for a broadcast or presence diff to a thousand members
   * of one channel was a thousand encodings of the same text.
   */
  sendShared(frame: Frame, cache: Map<string, Buffer>) {
    let bytes = cache.get(this.vsn);
    if (bytes === undefined)
      cache.set(this.vsn, (bytes = Buffer.from(encodeText(frame, this.vsn), 'utf8')));
    this.write(bytes, false);
  }

  sendBinary(data: Buffer) {
    if (this.vsn === '2.0.0') this.write(data, true);
  }

  /** Tells the client a channel is closed (phx_close), e.g. when its token expired. */
  closeChannel(member: Membership, reason: string) {
    this.send(
      push(member.topic, 'system', { status: 'error', extension: 'system', message: reason }),
    );
    this.send({ ...push(member.topic, 'phx_close', {}), joinRef: member.joinRef });
  }

  terminate() {
    this.ws.terminate();
  }

  // ws.send only queues; a client that reads too slowly is cut off instead of growing memory.
  private write(data: string | Buffer, binary = typeof data !== 'string') {
    if (this.closed) return;
    if (this.ws.bufferedAmount > maxBufferedBytes) {
      this.closed = true;
      console.warn('[realtime] closing a client that fell too far behind');
      this.ws.terminate();
      return;
    }
    this.ws.send(data, { binary });
  }
}
