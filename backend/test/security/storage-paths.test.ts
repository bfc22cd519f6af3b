/**
 * Object names, files rows and object responses, as an attacker would try them: names that a
 * client or server would read as another path (dot segments, backslashes, control characters),
 * files rows naming someone else's object or another endpoint, signed links that outlive what
 * they were made for, and active content served from the API's origin. Ordinary names (spaces,
 * unicode, nested folders, the frontends' own naming) keep working.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import {
  check,
  makeUser,
  must,
  newClient,
  statusOf,
  storageDirForSuite,
  type StorageUser,
} from '../support/storage-fixtures.ts';

jest.setTimeout(60_000);

storageDirForSuite();

const pdf = Buffer.from('%PDF-1.4 a brief');
const encodedPath = (name: string) => name.split('/').map(encodeURIComponent).join('/');

describeEachDb('security: storage object names and files rows', ({ server }) => {
  let service: SupabaseClient;
  let alice: StorageUser;
  let mallory: StorageUser;
  let aliceToken: string;
  let malloryToken: string;

  /** A raw storage request with each path segment encoded as given (supabase-js encodes none). */
  const raw = (method: string, path: string, token: string, body?: string, type = 'text/plain') =>
    fetch(`${server().url}/storage/v1/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, apikey: server().anonKey, 'content-type': type },
      body,
    });

  beforeAll(async () => {
    service = newClient(server(), server().serviceRoleKey);
    alice = await makeUser(server(), service, 'alice');
    mallory = await makeUser(server(), service, 'mallory');
    const token = async (user: StorageUser) =>
      (await user.client.auth.getSession()).data.session!.access_token;
    aliceToken = await token(alice);
    malloryToken = await token(mallory);
    check(
      await alice.client.storage
        .from('files')
        .upload(`${alice.id}/secret.pdf`, pdf, { contentType: 'application/pdf' }),
      'alice uploads',
    );
  });

  test('names with dot segments, backslashes, control characters, # or % are refused with 400', async () => {
    const bad = [
      `${mallory.id}/../${alice.id}/secret.pdf`,
      `${mallory.id}/../../../../auth/v1/admin/users`,
      `${mallory.id}/./x.txt`,
      `${mallory.id}/..\\..\\rest\\v1\\webhook_endpoints?select=secret`,
      `${mallory.id}/line\nbreak.txt`,
      `${mallory.id}/x#fragment.txt`,
      `${mallory.id}/100%25.txt`,
      `${mallory.id}//double.txt`,
    ];
    for (const name of bad) {
      const encoded = `object/files/${encodeURIComponent(name)}`;
      const response = await raw('POST', encoded, malloryToken, 'x');
      expect({ name, status: response.status }).toEqual({ name, status: 400 });
      expect(((await response.json()) as { error: string }).error).toBe('InvalidKey');
    }
    // and a signed upload URL cannot be made for such a name either
    const upload = await raw(
      'POST',
      `object/upload/sign/files/${encodeURIComponent(`${mallory.id}/../${alice.id}/x.txt`)}`,
      malloryToken,
    );
    expect(upload.status).toBe(400);
    const moved = await mallory.client.storage
      .from('files')
      .copy(`${mallory.id}/none.txt`, `${mallory.id}/../${alice.id}/x.txt`);
    expect(statusOf(moved)).toBe(400);
  });

  test('a NUL in any name answers 400, never 500', async () => {
    const upload = await raw('POST', `object/files/${mallory.id}/a%00b.txt`, malloryToken, 'x');
    expect(upload.status).toBe(400);
    // names that are only looked up too
    for (const method of ['GET', 'DELETE']) {
      const response = await raw(method, `object/files/${mallory.id}/a%00b.txt`, malloryToken);
      expect({ method, status: response.status }).toEqual({ method, status: 400 });
    }
    const signed = await raw('POST', `object/sign/files/${mallory.id}/a%00b`, malloryToken);
    expect(signed.status).toBe(400);
  });

  test('ordinary names still work: spaces, unicode, nested folders and the dashboard naming', async () => {
    const names = [
      `${alice.id}/Folder One/Sub folder/Résumé 2026 – final ü 日本.txt`,
      `${alice.id}/${randomUUID()}-My_CV_v2.final.txt`,
      `${alice.id}/notes (copy) & more=1;ok+yes,@home$!.txt`,
      `${alice.id}/what?.txt`,
    ];
    for (const name of names) {
      const body = `content of ${name}`;
      const put = await raw('POST', `object/files/${encodedPath(name)}`, aliceToken, body);
      expect({ name, status: put.status }).toEqual({ name, status: 200 });
      const got = await raw('GET', `object/authenticated/files/${encodedPath(name)}`, aliceToken);
      expect(got.status).toBe(200);
      expect(await got.text()).toBe(body);
    }
    // a signed link through supabase-js, which writes the path into the URL itself
    const link = must(
      await alice.client.storage.from('files').createSignedUrl(names[0], 60),
      'sign',
    );
    expect(await (await fetch(link.signedUrl)).text()).toBe(`content of ${names[0]}`);
    // supabase-js (what the apps use) with a name that needs no encoding
    const plain = `${alice.id}/reports/q1 summary.txt`;
    check(await alice.client.storage.from('files').upload(plain, Buffer.from('q1')), 'upload');
    expect(await must(await alice.client.storage.from('files').download(plain), 'dl').text()).toBe(
      'q1',
    );
  });

  test('a files row may only name an object in a folder of the owner', async () => {
    const rows = [
      { bucket: 'files', storage_path: `${alice.id}/secret.pdf` },
      { bucket: 'files', storage_path: '../../../../auth/v1/admin/users' },
      { bucket: 'files', storage_path: `${mallory.id}/../../../../rest/v1/webhook_endpoints` },
      { bucket: 'files', storage_path: `${mallory.id}/./x.pdf` },
      { bucket: 'files', storage_path: `${mallory.id}/x.pdf?select=secret#x` },
      { bucket: 'exports', storage_path: `${alice.id}/export.json` },
      { bucket: 'verification-evidence', storage_path: `${alice.id}/passport.pdf` },
      { bucket: 'call-recordings', storage_path: `${randomUUID()}/${mallory.id}/call.webm` },
    ];
    for (const row of rows) {
      const inserted = await mallory.client
        .from('files')
        .insert({ ...row, owner_id: mallory.id, name: 'x' });
      expect({ row, refused: inserted.error !== null }).toEqual({ row, refused: true });
    }
    // the service role cannot write a malformed path either
    const forged = await service.from('files').insert({
      owner_id: mallory.id,
      storage_path: `${mallory.id}/../../../../auth/v1/admin/users`,
      name: 'x',
    });
    expect(forged.error).not.toBeNull();
    // moving one's own row onto someone else's object is refused as well
    const own = must(
      await mallory.client
        .from('files')
        .insert({ storage_path: `${mallory.id}/mine.pdf`, name: 'mine.pdf' })
        .select('id')
        .single(),
      'own row',
    );
    const moved = await mallory.client
      .from('files')
      .update({ storage_path: `${alice.id}/secret.pdf` })
      .eq('id', own.id);
    expect(moved.error).not.toBeNull();
  });

  test('a message attachment path cannot climb out of its conversation folder', async () => {
    const first = must(
      await mallory.client.rpc('send_message', {
        p_client_id: randomUUID(),
        p_content: 'hello',
        p_recipient_id: alice.id,
      }),
      'first message',
    ) as { conversation_id: string };
    const folder = `${first.conversation_id}/${mallory.id}`;
    const attach = (path: string) =>
      mallory.client.rpc('send_message', {
        p_client_id: randomUUID(),
        p_content: 'see attached',
        p_conversation_id: first.conversation_id,
        p_attachment: { path, name: 'x.pdf', type: 'application/pdf', size: 1 },
      });
    for (const path of [
      `${folder}/../../../../../auth/v1/logout`,
      `${folder}/./x.pdf`,
      `${folder}/x.pdf?select=secret`,
      `${folder}/..\\..\\x.pdf`,
    ]) {
      expect({ path, refused: (await attach(path)).error !== null }).toEqual({
        path,
        refused: true,
      });
    }
    expect((await attach(`${folder}/${randomUUID()}-brief_v2.pdf`)).error).toBeNull();
  });

  test('a files row of the wrong owner shares nothing, even one written before the rule', async () => {
    const accomplice = await makeUser(server(), service, 'accomplice');
    // as an old row would be: mallory's row naming alice's object, shared with an accomplice
    check(
      await service.from('files').insert({
        owner_id: mallory.id,
        storage_path: `${alice.id}/secret.pdf`,
        name: 'secret.pdf',
        shared_with: [accomplice.id],
      }),
      'legacy row',
    );
    expect(
      statusOf(await accomplice.client.storage.from('files').download(`${alice.id}/secret.pdf`)),
    ).toBe(404);
  });

  test('signed links live at most 7 days', async () => {
    const files = alice.client.storage.from('files');
    const tenYears = await files.createSignedUrl(`${alice.id}/secret.pdf`, 10 * 365 * 24 * 3600);
    expect(statusOf(tenYears)).toBe(400);
    expect((tenYears.error as Error).message).toMatch(/at most 604800 seconds \(7 days\)/);
    const many = await raw(
      'POST',
      'object/sign/files',
      aliceToken,
      JSON.stringify({ expiresIn: 315_360_000, paths: [`${alice.id}/secret.pdf`] }),
      'application/json',
    );
    expect(many.status).toBe(400);
    const week = must(await files.createSignedUrl(`${alice.id}/secret.pdf`, 7 * 24 * 3600), 'week');
    expect((await fetch(week.signedUrl)).status).toBe(200);
  });

  test('a signed link dies with the object version it was made for', async () => {
    const files = alice.client.storage.from('files');
    const path = `${alice.id}/replaced.txt`;
    check(await files.upload(path, Buffer.from('first')), 'first');
    const week = must(await files.createSignedUrl(path, 7 * 24 * 3600), 'a week');
    expect(await (await fetch(week.signedUrl)).text()).toBe('first');
    // replaced in place
    check(await files.update(path, Buffer.from('second')), 'replace');
    expect((await fetch(week.signedUrl)).status).toBe(400);
    // deleted and uploaded again under the same name
    const fresh = must(await files.createSignedUrl(path, 60), 'fresh');
    check(await files.remove([path]), 'delete');
    check(await files.upload(path, Buffer.from('third')), 'again');
    const stale = await fetch(fresh.signedUrl);
    expect(stale.status).toBe(400);
    expect(await stale.text()).not.toContain('third');
    const current = must(await files.createSignedUrl(path, 60), 'current');
    expect(await (await fetch(current.signedUrl)).text()).toBe('third');
  });

  test('active content is served as an attachment, sandboxed and never sniffed', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>',
    );
    const svgPath = `${alice.id}/picture.svg`;
    check(
      await alice.client.storage
        .from('files')
        .upload(svgPath, svg, { contentType: 'image/svg+xml' }),
      'svg',
    );
    const link = must(
      await alice.client.storage.from('files').createSignedUrl(svgPath, 60),
      'sign',
    );
    for (const response of [
      await raw('GET', `object/authenticated/files/${encodedPath(svgPath)}`, aliceToken),
      await fetch(link.signedUrl),
    ]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toMatch(/sandbox/);
    }
    // an ordinary picture still opens inline, with the same protective headers
    const pngPath = `${alice.id}/photo.png`;
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]);
    check(
      await alice.client.storage.from('files').upload(pngPath, png, { contentType: 'image/png' }),
      'png',
    );
    const picture = await raw('GET', `object/authenticated/files/${pngPath}`, aliceToken);
    expect(picture.headers.get('content-disposition')).toBeNull();
    expect(picture.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(png);
  });
});
