import type { RealtimeChannel } from '@supabase/supabase-js';
import { useEffect, useRef } from 'react';
// From the package, not a relative path: this subpath is bundled into each app, and a relative
// import would give it a second supabase client.
import { getSupabaseClient } from '@promatch/shared';

let channels = 0;

/**
 * Calls `onChange` whenever realtime reports an insert, update or delete in one of `tables`, and
 * once more when a dropped connection is rejoined, since changes may have been missed meanwhile.
 * Row-level security decides which rows are reported: only those the user may read. Inactive
 * while `scope` is undefined (no user yet); a channel per mounted hook, removed on unmount.
 */
export function useTableChanges(
  scope: string | undefined,
  tables: readonly string[],
  onChange: () => void,
): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  const tableList = tables.join(',');
  useEffect(() => {
    if (!scope) return;
    let cancelled = false;
    let channel: RealtimeChannel | undefined;
    const changed = () => latest.current();
    void getSupabaseClient().then((client) => {
      if (cancelled) return;
      channels += 1;
      // Private: the policies on realtime.messages admit only the user the scope names
      // (<scope> is e.g. inbox:<user id>; supabase/migrations/*_realtime_private_topics.sql).
      channel = client.channel(`${scope}:${channels}`, { config: { private: true } });
      for (const table of tableList.split(',')) {
        channel.on('postgres_changes', { event: '*', schema: 'public', table }, changed);
      }
      let joined = false;
      channel.subscribe((status) => {
        if (status !== 'SUBSCRIBED') return;
        if (joined) changed();
        joined = true;
      });
    });
    return () => {
      cancelled = true;
      if (channel) void getSupabaseClient().then((client) => client.removeChannel(channel!));
    };
  }, [scope, tableList]);
}
