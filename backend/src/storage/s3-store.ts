import { readFile } from 'node:fs/promises';
import type { StorageS3Config } from '../config/config.ts';
import type { BlobStore } from './blob-store.ts';
import { encodeS3Path, signS3Request } from './s3-sign.ts';

/**
 * Object bytes in an S3-compatible bucket (path-style URLs: MinIO, R2, Ceph, AWS), keyed
 * objects/<version>. A PUT is atomic on S3: a half-sent body never becomes an object.
 */
export function createS3Store(config: StorageS3Config): BlobStore {
  const urlOf = (key: string) =>
    new URL(`${config.endpoint}/${encodeS3Path(`${config.bucket}/objects/${key}`)}`);

  async function send(
    method: string,
    key: string,
    headers: Record<string, string> = {},
    body?: Buffer,
  ) {
    const url = urlOf(key);
    const signed = signS3Request(config, { method, url, headers, body });
    delete signed.host; // fetch sets Host itself and refuses to take it from us.
    return fetch(url, {
      method,
      headers: signed,
      body: body && new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length),
    });
  }

  const fail = async (what: string, response: Response): Promise<never> => {
    throw new Error(`S3 ${what} failed: ${response.status} ${await response.text()}`);
  };

  return {
    async put(key, data, contentType) {
      const response = await send('PUT', key, { 'content-type': contentType }, data);
      if (!response.ok) await fail('PUT', response);
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) return undefined;
      if (!response.ok) await fail('GET', response);
      return Buffer.from(await response.arrayBuffer());
    },
    async copy(fromKey, toKey) {
      const source = `/${encodeS3Path(`${config.bucket}/objects/${fromKey}`)}`;
      const response = await send('PUT', toKey, { 'x-amz-copy-source': source });
      if (!response.ok) await fail('COPY', response);
    },
    async putFile(key, file, contentType) {
      // One PUT of the whole file (S3 takes up to 5 GB so); larger ones would want multipart.
      const response = await send(
        'PUT',
        key,
        { 'content-type': contentType },
        await readFile(file),
      );
      if (!response.ok) await fail('PUT', response);
    },
    async remove(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) await fail('DELETE', response);
    },
  };
}
