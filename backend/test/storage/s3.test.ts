/**
 * The S3 blob store without an S3: SigV4 checked against AWS's published example (GET object
 * with a Range header), and put/get/copy/remove against a tiny in-memory stand-in that speaks
 * the few S3 REST calls the store uses and insists on signed requests.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signS3Request } from '../../src/storage/s3-sign.ts';
import { createS3Store } from '../../src/storage/s3-store.ts';

const awsExample = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};

test('SigV4 matches the AWS documentation example for GET object', () => {
  const headers = signS3Request(
    awsExample,
    {
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
    },
    new Date('2013-05-24T00:00:00Z'),
  );
  expect(headers.authorization).toBe(
    'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
      'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
      'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
  );
});

/** Path-style S3 stand-in: PUT (plain or x-amz-copy-source), GET, DELETE; 403 when unsigned. */
function startStandIn(): Promise<{ url: string; objects: Map<string, Buffer>; close(): void }> {
  const objects = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const key = decodeURIComponent(req.url ?? '');
      if (!String(req.headers.authorization).startsWith('AWS4-HMAC-SHA256 Credential=test/')) {
        res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
        return;
      }
      const source = req.headers['x-amz-copy-source'];
      if (req.method === 'PUT' && typeof source === 'string') {
        const data = objects.get(decodeURIComponent(source));
        if (!data) return res.writeHead(404).end();
        objects.set(key, data);
      } else if (req.method === 'PUT') objects.set(key, Buffer.concat(chunks));
      else if (req.method === 'GET') {
        const data = objects.get(key);
        return data ? res.writeHead(200).end(data) : res.writeHead(404).end();
      } else if (req.method === 'DELETE') objects.delete(key);
      res.writeHead(req.method === 'DELETE' ? 204 : 200).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, objects, close: () => server.close() });
    }),
  );
}

test('the S3 store puts, gets, copies and removes through the S3 REST API', async () => {
  const standIn = await startStandIn();
  try {
    const store = createS3Store({
      endpoint: standIn.url,
      region: 'eu-west-2',
      bucket: 'promatch',
      accessKeyId: 'test',
      secretAccessKey: 'secret',
    });
    await store.put('v1', Buffer.from('hello'), 'text/plain');
    expect([...standIn.objects.keys()]).toEqual(['/promatch/objects/v1']);
    expect((await store.get('v1'))?.toString()).toBe('hello');
    await store.copy('v1', 'v2');
    expect((await store.get('v2'))?.toString()).toBe('hello');
    await store.remove('v1');
    expect(await store.get('v1')).toBeUndefined();
    await store.remove('missing');
  } finally {
    standIn.close();
  }
});
