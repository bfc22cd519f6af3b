import { getSupabaseClient, toAppError } from '@promatch/shared';
import { overviewKeys } from './keys';
import { usePanelQuery } from './query-helpers';

export interface UnreadMessages {
  total: number;
  latest: { id: string; content: string; created_at: string; sender: { name: string } | null }[];
}

/** Messages sent to the user and not yet read (row security limits them to their conversations). */
export async function getUnreadMessages(userId: string): Promise<UnreadMessages> {
  const supabase = await getSupabaseClient();
  const { data, error, count } = await supabase
    .from('messages')
    .select('id,content,created_at,sender:profiles!messages_sender_id_fkey(name)', {
      count: 'exact',
    })
    .is('read_at', null)
    .neq('sender_id', userId)
    .order('created_at', { ascending: false })
    .limit(3);
  if (error) throw toAppError(error);
  return { total: count ?? 0, latest: (data ?? []) as unknown as UnreadMessages['latest'] };
}

export const useUnreadMessages = () => usePanelQuery(overviewKeys.unread, getUnreadMessages);
