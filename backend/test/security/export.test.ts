/**
 * The data export as an attacker would use it: a files row naming someone else's object must not
 * put that object into the attacker's archive, and a user's own archive must hold only what they
 * could read — not another user's private note on them, who blocked them or who reported them.
 * Their own rows and files are all still there.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';
import { exportOf } from '../support/data-export.ts';

jest.setTimeout(60_000);

describeEachDb('security: the data export reads as the user', ({ server }) => {
  let service: SupabaseClient;
  const tag = randomUUID().slice(0, 8);
  const make = (name: string, type: 'business' | 'professional') =>
    createSignedInUser(server(), service, `${name}-${tag}@example.com`, {
      name,
      account_type: type,
    });

  beforeAll(() => {
    service = newClient(server(), server().serviceRoleKey);
  });

  test("a files row naming someone else's object puts nothing of theirs in the export", async () => {
    const victim = await make('victim', 'professional');
    const mallory = await make('mallory', 'business');
    const secret = Buffer.from('%PDF-1.4 victim only');
    must(
      await victim.client.storage
        .from('files')
        .upload(`${victim.id}/passport.pdf`, secret, { contentType: 'application/pdf' }),
      'victim upload',
    );
    const own = Buffer.from('mallory own notes');
    must(
      await mallory.client.storage
        .from('files')
        .upload(`${mallory.id}/notes.txt`, own, { contentType: 'text/plain' }),
      'own upload',
    );
    // a row as one written before files rows were checked: owned by mallory, naming the victim's object
    must(
      await service.from('files').insert({
        owner_id: mallory.id,
        storage_path: `${victim.id}/passport.pdf`,
        name: 'passport.pdf',
      }),
      'legacy row',
    );
    const archive = await exportOf(mallory.client);
    expect(archive.files.map((f) => f.path)).toEqual([`${mallory.id}/notes.txt`]);
    expect(archive.files[0].base64).toBe(own.toString('base64'));
    expect(JSON.stringify(archive)).not.toContain(secret.toString('base64'));
  });

  test('paths that climb out of storage do not reach other endpoints through the export', async () => {
    const victim = await make('victim2', 'professional');
    const mallory = await make('mallory2', 'business');
    const token = (await mallory.client.auth.getSession()).data.session!.access_token;
    // an object whose name climbs to the auth admin API, uploaded with the slashes encoded
    const climbing = `${mallory.id}/../../../../../auth/v1/admin/users`;
    const upload = await fetch(
      `${server().url}/storage/v1/object/files/${encodeURIComponent(climbing)}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, apikey: server().anonKey },
        body: 'x',
      },
    );
    expect(upload.status).toBe(400);
    // and a files row pointing there
    const row = await mallory.client.from('files').insert({
      storage_path: '../../../../auth/v1/admin/users',
      name: 'users.json',
    });
    expect(row.error).not.toBeNull();
    const archive = await exportOf(mallory.client);
    const contents = archive.files.map((f) => Buffer.from(f.base64, 'base64').toString());
    expect(contents.join('\n')).not.toContain(`victim2-${tag}@example.com`);
    expect(JSON.stringify(archive)).not.toContain(victim.id);
  });

  test('the archive holds what the user may read, not private rows of others about them', async () => {
    const evie = await make('evie', 'professional');
    const otto = await make('otto', 'business');
    // a conversation first: once Otto blocks her, Evie cannot message him
    must(
      await evie.client.rpc('send_message', {
        p_client_id: randomUUID(),
        p_content: `hello-${tag}`,
        p_recipient_id: otto.id,
      }),
      'send',
    );
    // Otto's private rows about Evie
    must(await otto.client.from('favorites').insert({ professional_id: evie.id }), 'favourite');
    must(
      await otto.client
        .from('favorites')
        .update({ note: `otto-private-note-${tag}` })
        .eq('professional_id', evie.id),
      'note',
    );
    must(await otto.client.from('user_blocks').insert({ blocked_id: evie.id }), 'block');
    must(
      await otto.client.from('user_reports').insert({
        reported_id: evie.id,
        reason: 'other',
        details: `otto-report-${tag}`,
      }),
      'report',
    );
    // Evie's own file
    const file = Buffer.from('evie cv');
    const path = `${evie.id}/${randomUUID()}-CV 2026 é.txt`;
    must(
      await evie.client.storage.from('files').upload(path, file, { contentType: 'text/plain' }),
      'upload',
    );
    must(
      await evie.client.from('files').insert({ storage_path: path, name: 'CV.txt' }),
      'file row',
    );

    const archive = await exportOf(evie.client);
    const text = JSON.stringify(archive);
    expect(text).not.toContain(`otto-private-note-${tag}`);
    expect(text).not.toContain(`otto-report-${tag}`);
    expect(archive.tables.favorites ?? []).toEqual([]);
    expect(archive.tables.user_blocks ?? []).toEqual([]);
    expect(archive.tables.user_reports ?? []).toEqual([]);
    // everything of Evie's own is there
    expect(archive.account.email).toBe(`evie-${tag}@example.com`);
    expect(archive.profile.id).toBe(evie.id);
    expect(archive.tables.user_subscriptions).toHaveLength(1);
    expect(archive.tables.files).toEqual([expect.objectContaining({ storage_path: path })]);
    expect(archive.tables.messages.map((m) => m.content)).toEqual([`hello-${tag}`]);
    expect(archive.files).toEqual([
      expect.objectContaining({ bucket: 'files', path, base64: file.toString('base64') }),
    ]);

    // Otto's own export still holds his note, block and report
    const ottos = await exportOf(otto.client);
    expect(ottos.tables.favorites).toEqual([
      expect.objectContaining({ note: `otto-private-note-${tag}` }),
    ]);
    expect(ottos.tables.user_blocks).toHaveLength(1);
    expect(ottos.tables.user_reports).toEqual([
      expect.objectContaining({ details: `otto-report-${tag}` }),
    ]);
  });
});
