/**
 * A WebAuthn authenticator in software, for tests: it does what a security key or a phone does
 * (an ES256 key pair per credential, "none" attestation, a signature counter) and what the
 * browser adds (clientDataJSON with the page's origin), and answers with the same JSON a
 * PublicKeyCredential's toJSON() gives. Every byte is built per the WebAuthn Level 3 formats, so
 * the server's verifier checks real signatures; nothing here knows what the server expects.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

type Bytes = ArrayBuffer | ArrayBufferView | string;

/** A base64url string, or bytes (auth-js hands the options over already decoded). */
function b64url(value: Bytes): string {
  if (typeof value === 'string') return value;
  const view =
    value instanceof ArrayBuffer
      ? new Uint8Array(value)
      : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  return Buffer.from(view).toString('base64url');
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

export interface StoredCredential {
  id: Buffer;
  privateKey: KeyObject;
  rpId: string;
  counter: number;
  userHandle: Buffer;
}

export interface CreationOptionsLike {
  challenge: Bytes;
  rp: { id?: string };
  user: { id: Bytes };
}

export interface RequestOptionsLike {
  challenge: Bytes;
  rpId?: string;
  allowCredentials?: { id: Bytes }[];
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer) {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
}

function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
  ]);
  return Buffer.from(isoCBOR.encode(cose));
}

export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];

  /** @param origin the page the "browser" runs the ceremony on, e.g. http://localhost:3000 */
  constructor(readonly origin: string) {}

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: Bytes): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: b64url(challenge),
        origin: this.origin,
        crossOrigin: false,
      }),
    );
  }

  /** navigator.credentials.create(), serialized. */
  create(options: CreationOptionsLike) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = randomBytes(32);
    const stored: StoredCredential = {
      id,
      privateKey,
      rpId,
      counter: 0,
      userHandle: Buffer.from(b64url(options.user.id), 'base64url'),
    };
    this.credentials.push(stored);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, id, coseKey(publicKey)]);
    const authData = authenticatorData(rpId, FLAG_UP | FLAG_UV | FLAG_AT, 0, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as Parameters<typeof isoCBOR.encode>[0],
    );
    const clientDataJSON = this.clientData('webauthn.create', options.challenge);
    const json = {
      id: id.toString('base64url'),
      rawId: id.toString('base64url'),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'cross-platform' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['usb'],
      },
    };
    return { ...json, toJSON: () => json };
  }

  /** navigator.credentials.get(), serialized; `credential` picks one (default: the first allowed). */
  get(options: RequestOptionsLike, credential?: StoredCredential) {
    const allowed = (options.allowCredentials ?? []).map((c) => b64url(c.id));
    const chosen =
      credential ??
      this.credentials.find(
        (c) => allowed.length === 0 || allowed.includes(c.id.toString('base64url')),
      );
    if (!chosen) throw new Error('NotAllowedError: no matching credential');
    chosen.counter += 1;
    const authData = authenticatorData(
      options.rpId ?? chosen.rpId,
      FLAG_UP | FLAG_UV,
      chosen.counter,
    );
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      chosen.privateKey,
    );
    const json = {
      id: chosen.id.toString('base64url'),
      rawId: chosen.id.toString('base64url'),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'cross-platform' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: chosen.userHandle.toString('base64url'),
      },
    };
    return { ...json, toJSON: () => json };
  }
}
