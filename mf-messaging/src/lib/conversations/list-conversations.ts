// In src/lib: the inbox lists these and the call page finds its partner among them.
import { getSupabaseClient, toAppError, type Database } from '@promatch/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { messagingKeys } from '../query-keys';

export type ConversationSummary =
  Database['public']['Functions']['list_conversations']['Returns'][number];

/** The inbox, newest first, optionally only conversations whose partner or messages match. */
export async function listConversations(search: string): Promise<ConversationSummary[]> {
  const client = await getSupabaseClient();
  const term = search.trim();
  const { data, error } = await client.rpc('list_conversations', term ? { p_search: term } : {});
  if (error) throw toAppError(error);
  return data ?? [];
}

export function useConversations(search: string) {
  return useQuery({
    queryKey: messagingKeys.conversations(search.trim()),
    queryFn: () => listConversations(search),
    placeholderData: keepPreviousData,
  });
}
