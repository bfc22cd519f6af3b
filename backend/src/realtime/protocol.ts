/** Phoenix frames as realtime-js 2.119 speaks them (vsn 2.0.0 arrays + binary broadcasts, or 1.0.0 objects). */
export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

/** A client broadcast whose payload arrived as raw bytes (binary encoding 0): forwarded as bytes. */
export interface BinaryPayload {
  bytes: Buffer;
}

const userBroadcastPush = 3;
const userBroadcast = 4;
const jsonEncoding = 1;

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const asRef = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** Parses a text frame; undefined when it is not a frame at all. */
export function decodeText(text: string, vsn: Vsn): Frame | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (vsn === '2.0.0' && Array.isArray(parsed) && parsed.length === 5) {
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') return undefined;
    return { joinRef: asRef(joinRef), ref: asRef(ref), topic, event, payload: asRecord(payload) };
  }
  const object = asRecord(parsed);
  if (typeof object.topic !== 'string' || typeof object.event !== 'string') return undefined;
  return {
    joinRef: asRef(object.join_ref),
    ref: asRef(object.ref),
    topic: object.topic,
    event: object.event,
    payload: asRecord(object.payload),
  };
}

/**
 * Decodes the client's binary broadcast (kind 3): lengths of joinRef, ref, topic, event and
 * metadata, the payload encoding, the strings, then the payload bytes.
 */
export function decodeBinary(data: Buffer): Frame | undefined {
  if (data.length < 7 || data[0] !== userBroadcastPush) return undefined;
  const lengths = [data[1], data[2], data[3], data[4], data[5]] as number[];
  const encoding = data[6];
  let offset = 7;
  const parts = lengths.map((length) => {
    const part = data.subarray(offset, offset + length).toString('utf8');
    offset += length;
    return part;
  });
  const [joinRef, ref, topic, event, metadata] = parts as [string, string, string, string, string];
  const raw = data.subarray(offset);
  let payload: unknown;
  try {
    payload =
      encoding === jsonEncoding
        ? JSON.parse(raw.toString('utf8'))
        : ({ bytes: Buffer.from(raw) } satisfies BinaryPayload);
  } catch {
    return undefined;
  }
  const meta = metadata ? asRecord(safeParse(metadata)) : {};
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { ...meta, type: 'broadcast', event, payload },
  };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Encodes a server frame as text in the socket's protocol version. */
export function encodeText(frame: Frame, vsn: Vsn): string {
  if (vsn === '2.0.0')
    return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  return JSON.stringify({
    join_ref: frame.joinRef,
    ref: frame.ref,
    topic: frame.topic,
    event: frame.event,
    payload: frame.payload,
  });
}

/** The server's binary broadcast (kind 4) for a raw-bytes payload: topic, event, metadata, bytes. */
export function encodeBinaryBroadcast(topic: string, event: string, bytes: Buffer): Buffer {
  const topicBytes = Buffer.from(topic);
  const eventBytes = Buffer.from(event);
  const header = Buffer.from([userBroadcast, topicBytes.length, eventBytes.length, 0, 0]);
  return Buffer.concat([header, topicBytes, eventBytes, bytes]);
}

export const reply = (
  request: Frame,
  status: 'ok' | 'error',
  response: Record<string, unknown> = {},
): Frame => ({
  joinRef: request.joinRef,
  ref: request.ref,
  topic: request.topic,
  event: 'phx_reply',
  payload: { status, response },
});

export const push = (topic: string, event: string, payload: Record<string, unknown>): Frame => ({
  joinRef: null,
  ref: null,
  topic,
  event,
  payload,
});
