/**
 * Resumable uploads in tests: tus-js-client (its Node build) against the real backend, a proxy
 * that drops a connection mid-request, and raw TUS requests for the attacker's suite.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Upload, type UploadOptions } from 'tus-js-client';

export interface TusTarget {
  url: string;
  anonKey: string;
}

export interface TusFile {
  bucket: string;
  name: string;
  contentType: string;
  upsert?: boolean;
}

/** tus-js-client's options for Supabase's endpoint, as Supabase's guide sets them. */
export function tusOptions(
  target: TusTarget,
  token: string,
  file: TusFile,
  extra: Partial<UploadOptions> = {},
): UploadOptions {
  return {
    endpoint: `${target.url}/storage/v1/upload/resumable`,
    retryDelays: [0, 100, 300],
    headers: {
      authorization: `Bearer ${token}`,
      apikey: target.anonKey,
      'x-upsert': file.upsert ? 'true' : 'false',
    },
    metadata: { bucketName: file.bucket, objectName: file.name, contentType: file.contentType },
    chunkSize: 1024 * 1024,
    ...extra,
  };
}

/** Runs an upload to the end; resolves with its URL. */
export function runUpload(input: Buffer, options: UploadOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(input, {
      ...options,
      onError: reject,
      onSuccess: () => resolve(upload.url ?? ''),
    });
    upload.start();
  });
}

/** Starts an upload and aborts it once `afterBytes` are stored; resolves with its URL. */
export function uploadPartly(
  input: Buffer,
  options: UploadOptions,
  afterBytes: number,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(input, {
      ...options,
      onError: reject,
      onChunkComplete: (_chunk, accepted) => {
        if (accepted < afterBytes) return;
        void upload.abort().then(() => resolve(upload.url ?? ''));
      },
    });
    upload.start();
  });
}

export interface DroppingProxy {
  url: string;
  /** Requests seen, as `METHOD path`. */
  seen: string[];
  close(): Promise<void>;
}

/**
 * Forwards to `target`, except that the `dropAt`-th PATCH (1-based) has its connection cut
 * after part of its body arrived: a dropped connection mid-upload.
 */
export async function droppingProxy(target: string, dropAt: number): Promise<DroppingProxy> {
  const seen: string[] = [];
  let patches = 0;
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (req.method === 'PATCH' && ++patches === dropAt) {
      req.once('data', () => req.socket.destroy());
      return;
    }
    const forward = http.request(
      `${target}${req.url}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** base64 Upload-Metadata from plain pairs. */
export function metadataHeader(pairs: Record<string, string>): string {
  return Object.entries(pairs)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** One raw TUS request; answers status, headers and the body text. */
export async function tusRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: Buffer,
) {
  const response = await fetch(url, {
    method,
    headers: { 'tus-resumable': '1.0.0', ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}
