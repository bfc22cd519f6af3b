import type { IncomingMessage } from 'node:http';
import { bodyTooLarge } from './input.ts';

/** Reads the request body, failing (413, MalformedInputError) as soon as it passes `limit` bytes. */
const EMPTY = Buffer.alloc(0);

/** No Content-Length and no Transfer-Encoding: HTTP/1.1 says there is no body (RFC 9112 6.3). */
export function hasNoBody({ headers }: IncomingMessage): boolean {
  return headers['content-length'] === undefined && headers['transfer-encoding'] === undefined;
}

export const emptyBody = EMPTY;

export function readRequestBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  if (hasNoBody(request)) return Promise.resolve(EMPTY);
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) {
    request.resume();
    return Promise.reject(bodyTooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.removeAllListeners('data');
        request.resume();
        reject(bodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
