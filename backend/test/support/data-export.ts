import type { SupabaseClient } from '@supabase/supabase-js';
import { must } from './fixtures-rls-world.ts';

/** "Download my data" as a user's browser gets it: their account, profile, tables and files. */
export interface Archive {
  account: { email: string };
  profile: { id: string };
  tables: Record<string, Record<string, unknown>[]>;
  files: { bucket: string; path: string; base64: string }[];
}

/** Starts an export as `client`, waits for it (up to 15 s) and answers the finished archive. */
export async function exportOf(client: SupabaseClient): Promise<Archive> {
  const started = await client.functions.invoke('export-my-data', { body: {} });
  if (started.error) throw new Error(`export: ${started.error.message}`);
  const id = (started.data as { export_id: string }).export_id;
  for (let i = 0; i < 150; i += 1) {
    const row = must(
      await client.from('data_exports').select('status, storage_path').eq('id', id).single(),
      'export row',
    ) as { status: string; storage_path: string | null };
    if (row.status === 'failed') throw new Error('the export failed');
    if (row.status === 'ready') {
      const blob = must(await client.storage.from('exports').download(row.storage_path!), 'get');
      return JSON.parse(await (blob as Blob).text()) as Archive;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the export never finished');
}
