import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importJWK, jwtVerify, type JWTPayload } from 'jose';

/**
 * A local stand-in for a browser's push service (RFC 8030) and the browser behind it: it holds
 * the user agent's own P-256 key pair and auth secret, as a real browser's PushSubscription does,
 * accepts the POSTs the backend sends to the subscription's endpoint, checks the VAPID
 * Authorization (RFC 8292) and decrypts the body as the browser would (RFC 8291, aes128gcm,
 * RFC 8188), written here from the RFCs with node:crypto rather than with the sender's library.
 */
export interface PushMessage {
  at: number;
  headers: http.IncomingHttpHeaders;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  /** The VAPID key (base64url) from `k=` that signed the request's JWT. */
  vapidKey: string;
  /** The verified JWT claims (aud, exp, sub). */
  claims: JWTPayload;
}

export interface PushService {
  /** A subscription as `PushSubscription.toJSON()` gives it in a browser. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  messages: PushMessage[];
  /** Requests that failed the checks (bad VAPID, undecryptable), with why. */
  rejected: string[];
  /** Status answered to the n-th request (0-based); 201 when unset. */
  answer: (n: number) => number;
  requests: number;
  waitFor(count: number, timeoutMs?: number): Promise<PushMessage[]>;
  close(): Promise<void>;
}

/** RFC 8291 section 3.4 and RFC 8188 section 2: the browser's side of aes128gcm. */
export function decryptWebPush(
  body: Buffer,
  receiver: { privateKey: Buffer; publicKey: Buffer; authSecret: Buffer },
): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid is ${idLength} bytes, not a P-256 public key`);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(receiver.privateKey);
  const shared = ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    receiver.publicKey,
    senderPublicKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, receiver.authSecret, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // the last record ends with the delimiter 0x02 followed by zero or more 0x00 bytes
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` and returns the key and the claims. */
async function verifyVapid(header: string | undefined, audience: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`Authorization is not VAPID: ${header ?? '(none)'}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (decodeProtectedHeader(token).alg !== 'ES256') throw new Error('the JWT is not ES256');
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(token, publicKey, { audience });
  if (!payload.exp || payload.exp > Date.now() / 1000 + 24 * 3600) throw new Error('exp over 24 h');
  return { key, claims: payload };
}

export async function startPushService(
  answer: (n: number) => number = () => 201,
): Promise<PushService> {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const receiverKeys = { privateKey: ecdh.getPrivateKey(), publicKey, authSecret: randomBytes(16) };
  const messages: PushMessage[] = [];
  const rejected: string[] = [];
  let origin = '';
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const n = service.requests;
      service.requests += 1;
      const body = Buffer.concat(chunks);
      void (async () => {
        try {
          if (request.method !== 'POST') throw new Error(`method ${request.method}`);
          if (request.headers['content-encoding'] !== 'aes128gcm')
            throw new Error(`Content-Encoding ${request.headers['content-encoding']}`);
          if (!request.headers.ttl) throw new Error('no TTL header');
          const { key, claims } = await verifyVapid(request.headers.authorization, origin);
          const payload: unknown = JSON.parse(decryptWebPush(body, receiverKeys).toString('utf8'));
          messages.push({
            at: Date.now(),
            headers: request.headers,
            payload,
            vapidKey: key,
            claims,
          });
          response.writeHead(service.answer(n)).end();
        } catch (error) {
          rejected.push((error as Error).message);
          response.writeHead(400).end();
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  const service: PushService = {
    subscription: {
      endpoint: `${origin}/push/${randomBytes(12).toString('base64url')}`,
      keys: {
        p256dh: publicKey.toString('base64url'),
        auth: receiverKeys.authSecret.toString('base64url'),
      },
    },
    messages,
    rejected,
    answer,
    requests: 0,
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (rejected.length > 0) throw new Error(`push rejected: ${rejected.join('; ')}`);
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} push messages, got ${messages.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return messages;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return service;
}
