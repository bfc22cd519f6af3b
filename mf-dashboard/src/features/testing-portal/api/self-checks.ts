import { getSupabaseClient } from '@promatch/shared';
import { timed, withTimeout, type CheckResult } from './timed';

const TIMEOUT_MS = 8000;

export interface SelfCheck {
  id: 'auth' | 'rest' | 'realtime' | 'storage' | 'function';
  name: string;
  /** What it does, in one sentence. */
  description: string;
  run: (userId: string) => Promise<string>;
}

const token = () => crypto.randomUUID();

/** The five round trips the product depends on, each as the signed-in user. */
export const SELF_CHECKS: readonly SelfCheck[] = [
  {
    id: 'auth',
    name: 'Auth round trip',
    description: 'Asks the auth server who holds this session.',
    run: async (userId) => {
      const supabase = await getSupabaseClient();
      const { data, error } = await withTimeout(supabase.auth.getUser(), TIMEOUT_MS, 'Auth');
      if (error) throw error;
      if (data.user.id !== userId) throw new Error('The auth server named another user');
      return 'The auth server confirmed your session';
    },
  },
  {
    id: 'rest',
    name: 'REST read',
    description: 'Reads your own profile row through the REST gateway.',
    run: async (userId) => {
      const supabase = await getSupabaseClient();
      const { data, error } = await withTimeout(
        Promise.resolve(supabase.from('profiles').select('id').eq('id', userId).maybeSingle()),
        TIMEOUT_MS,
        'REST',
      );
      if (error) throw error;
      if (!data) throw new Error('Your profile row was not returned');
      return 'Read your profile row';
    },
  },
  {
    id: 'realtime',
    name: 'Realtime echo',
    description: 'Sends a broadcast on a channel of its own and waits for it to come back.',
    run: async (userId) => {
      const supabase = await getSupabaseClient();
      const nonce = token();
      // Private, like every channel of the app: only this user may join self-check:<their id>.
      const channel = supabase.channel(`self-check:${userId}:${nonce}`, {
        config: { private: true, broadcast: { self: true } },
      });
      try {
        const echoed = new Promise<void>((resolve) => {
          channel.on('broadcast', { event: 'echo' }, ({ payload }) => {
            if ((payload as { nonce?: string }).nonce === nonce) resolve();
          });
        });
        await withTimeout(
          new Promise<void>((resolve, reject) => {
            channel.subscribe((status, error) => {
              if (status === 'SUBSCRIBED') resolve();
              else if (status !== 'CLOSED')
                reject(error ?? new Error(`The channel could not join (${status})`));
            });
          }),
          TIMEOUT_MS,
          'Realtime',
        );
        const sent = await channel.send({ type: 'broadcast', event: 'echo', payload: { nonce } });
        if (sent !== 'ok') throw new Error(`The broadcast was not sent (${sent})`);
        await withTimeout(echoed, TIMEOUT_MS, 'The echo');
        return 'The broadcast came back';
      } finally {
        await supabase.removeChannel(channel);
      }
    },
  },
  {
    id: 'storage',
    name: 'Storage round trip',
    description: 'Uploads a small text file to your own folder, reads it back and deletes it.',
    run: async (userId) => {
      const supabase = await getSupabaseClient();
      const files = supabase.storage.from('files');
      const path = `${userId}/self-check-${token()}.txt`;
      const text = `ProMatch self-check ${new Date().toISOString()}`;
      const up = await withTimeout(
        files.upload(path, new Blob([text], { type: 'text/plain' }), { contentType: 'text/plain' }),
        TIMEOUT_MS,
        'Upload',
      );
      if (up.error) throw up.error;
      try {
        const down = await withTimeout(files.download(path), TIMEOUT_MS, 'Download');
        if (down.error) throw down.error;
        if ((await down.data.text()) !== text) throw new Error('The file came back changed');
      } finally {
        await files.remove([path]);
      }
      return 'Uploaded, read back and deleted a file';
    },
  },
  {
    id: 'function',
    name: 'Function call',
    description: 'Calls the self-check function, which names the caller.',
    run: async (userId) => {
      const supabase = await getSupabaseClient();
      const { data, error } = await withTimeout(
        supabase.functions.invoke<{ userId: string }>('self-check', { body: {} }),
        TIMEOUT_MS,
        'The function',
      );
      if (error) throw error instanceof Error ? error : new Error(String(error));
      if (data?.userId !== userId) throw new Error('The function named another user');
      return 'The function answered and knew who called';
    },
  },
];

export const runSelfCheck = (check: SelfCheck, userId: string): Promise<CheckResult> =>
  timed(() => check.run(userId));
