import { createHash, createHmac } from 'node:crypto';

/** The credentials and region of an AWS Signature Version 4 signature for S3. */
export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** S3's URI encoding: RFC 3986 unreserved characters stay, '/' stays in paths. */
export const encodeS3Path = (value: string) =>
  value
    .split('/')
    .map((part) =>
      encodeURIComponent(part).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');

/**
 * Signs a request (header-based SigV4, payload hashed). Returns the headers to send, Host and
 * Authorization included. Kept dependency-free: fifty lines beat a transitive tree.
 */
export function signS3Request(
  creds: SigV4Credentials,
  request: { method: string; url: URL; headers: Record<string, string>; body?: Buffer },
  now = new Date(),
): Record<string, string> {
  const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v.trim()]),
    ),
    host: request.url.host,
    'x-amz-date': amzDate,
    'x-amz-content-sha256': sha256(request.body ?? ''),
  };
  const names = Object.keys(headers).sort();
  const query = [...request.url.searchParams.entries()]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join('&');
  const canonical = [
    request.method,
    request.url.pathname,
    query,
    names.map((name) => `${name}:${headers[name]}\n`).join(''),
    names.join(';'),
    headers['x-amz-content-sha256'],
  ].join('\n');
  const scope = `${day}/${creds.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  let key = hmac(`AWS4${creds.secretAccessKey}`, day);
  for (const part of [creds.region, 's3', 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
  return headers;
}
