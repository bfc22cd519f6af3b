/**
 * export-my-data through supabase-js against the real server: the archive is built in the
 * background with progress on a data_exports row, holds the user's own rows and every file they
 * stored (their folders and their call recordings), and only its owner can read it or sign a
 * download link for it.
 */
import { randomUUID } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(60_000);

interface ExportRow {
  id: string;
  status: string;
  progress: number;
  storage_path: string | null;
  row_count: number | null;
  file_count: number | null;
}
interface Archive {
  account: { email: string };
  profile: { id: string; name: string };
  tables: Record<string, Record<string, unknown>[]>;
  files: { bucket: string; path: string; base64: string }[];
}

async function waitForExport(client: SupabaseClient, id: string): Promise<ExportRow> {
  for (let i = 0; i < 100; i += 1) {
    const row = must(
      await client.from('data_exports').select('*').eq('id', id).single(),
      'read export',
    ) as ExportRow;
    if (row.status !== 'building') return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the export never finished');
}

describeEachDb('functions: export-my-data', ({ server }) => {
  let service: SupabaseClient;
  beforeAll(() => {
    service = newClient(server(), server().serviceRoleKey);
  });

  test('builds a JSON archive of the rows and files the user owns, readable by them alone', async () => {
    const tag = randomUUID().slice(0, 8);
    const email = `exporter-${tag}@example.com`;
    const user = await createSignedInUser(server(), service, email, {
      name: 'Evie Exporter',
      account_type: 'business',
    });
    const other = await createSignedInUser(server(), service, `other-${tag}@example.com`, {
      name: 'Otto Other',
      account_type: 'professional',
    });
    const pdf = new Uint8Array([37, 80, 68, 70, 45, 49]);
    must(
      await user.client.storage
        .from('files')
        .upload(`${user.id}/brief.pdf`, pdf, { contentType: 'application/pdf' }),
      'upload',
    );
    must(
      await user.client.from('files').insert({
        owner_id: user.id,
        storage_path: `${user.id}/brief.pdf`,
        name: 'brief.pdf',
        size_bytes: pdf.length,
      }),
      'file row',
    );
    must(
      await user.client.from('projects').insert({ owner_id: user.id, title: 'My secret project' }),
      'project',
    );
    must(await user.client.from('favorites').insert({ professional_id: other.id }), 'favourite');
    // a conversation: the message they received is theirs to export as well as the one they sent
    must(
      await user.client.rpc('send_message', {
        p_client_id: randomUUID(),
        p_content: 'Hello from Evie',
        p_recipient_id: other.id,
      }),
      'send',
    );
    const { data: conversation } = await service
      .from('conversations')
      .select('id')
      .or(`participant_1.eq.${user.id},participant_2.eq.${user.id}`)
      .single();
    must(
      await other.client.rpc('send_message', {
        p_client_id: randomUUID(),
        p_content: 'Hello back from Otto',
        p_conversation_id: conversation?.id,
      }),
      'reply',
    );

    // a call recording of theirs: a files row in another bucket, exported through that row
    const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 9, 9]);
    const recording = `${conversation?.id}/${user.id}/${randomUUID()}.webm`;
    must(
      await user.client.storage
        .from('call-recordings')
        .upload(recording, webm, { contentType: 'video/webm' }),
      'recording',
    );
    must(
      await user.client.from('files').insert({
        bucket: 'call-recordings',
        storage_path: recording,
        name: 'Video call.webm',
        size_bytes: webm.length,
        shared_with: [other.id],
      }),
      'recording row',
    );

    const visitor = newClient(server(), server().anonKey);
    const refused = await visitor.functions.invoke('export-my-data', { body: {} });
    expect(refused.error).toBeInstanceOf(FunctionsHttpError);
    expect(((refused.error as FunctionsHttpError).context as Response).status).toBe(401);

    const started = await user.client.functions.invoke('export-my-data', { body: {} });
    expect(started.error).toBeNull();
    const exportId = (started.data as { export_id: string }).export_id;
    const done = await waitForExport(user.client, exportId);
    expect(done).toMatchObject({
      status: 'ready',
      progress: 100,
      storage_path: `${user.id}/${exportId}.json`,
      file_count: 2,
    });

    const link = must(
      await user.client.storage.from('exports').createSignedUrl(done.storage_path!, 60),
      'sign',
    ) as { signedUrl: string };
    const archive = (await (await fetch(link.signedUrl)).json()) as Archive;
    expect(archive.account.email).toBe(email);
    expect(archive.profile).toMatchObject({ id: user.id, name: 'Evie Exporter' });
    expect(archive.tables.projects.map((p) => p.title)).toEqual(['My secret project']);
    expect(archive.tables.favorites).toHaveLength(1);
    expect(archive.tables.user_subscriptions).toHaveLength(1);
    expect(archive.tables.conversations).toHaveLength(1);
    expect(archive.tables.messages.map((m) => m.content)).toEqual([
      'Hello from Evie',
      'Hello back from Otto',
    ]);
    expect(archive.files).toEqual([
      expect.objectContaining({
        bucket: 'files',
        path: `${user.id}/brief.pdf`,
        base64: Buffer.from(pdf).toString('base64'),
      }),
      expect.objectContaining({
        bucket: 'call-recordings',
        path: recording,
        base64: Buffer.from(webm).toString('base64'),
      }),
    ]);
    // nothing else of the other user's
    expect(JSON.stringify(archive)).not.toContain(`other-${tag}@example.com`);
    expect(done.row_count).toBeGreaterThanOrEqual(5);

    // nobody else can read the export, its row, or sign a link for the file
    expect((await other.client.from('data_exports').select('id').eq('id', exportId)).data).toEqual(
      [],
    );
    expect(
      (await other.client.storage.from('exports').createSignedUrl(done.storage_path!, 60)).error,
    ).not.toBeNull();
    expect(
      (await visitor.storage.from('exports').download(done.storage_path!)).error,
    ).not.toBeNull();
  });
});
