import { getSupabaseClient, toAppError, useSession } from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';
import { fileKeys } from './keys';

export interface Partner {
  id: string;
  name: string;
}

interface ConversationRow {
  p1: Partner | null;
  p2: Partner | null;
}

/** The people the user has a conversation with: the only people a file can be shared with. */
export async function getConversationPartners(userId: string): Promise<Partner[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('conversations')
    .select(
      'p1:profiles!conversations_participant_1_fkey(id,name),p2:profiles!conversations_participant_2_fkey(id,name)',
    )
    .order('last_message_at', { ascending: false, nullsFirst: false });
  if (error) throw toAppError(error);
  const partners = new Map<string, Partner>();
  for (const row of (data ?? []) as unknown as ConversationRow[]) {
    const other = row.p1?.id === userId ? row.p2 : row.p1;
    if (other) partners.set(other.id, other);
  }
  return [...partners.values()];
}

export function useConversationPartners() {
  const userId = useSession((state) => state.user?.id) ?? '';
  return useQuery({
    queryKey: fileKeys.partners(userId),
    queryFn: () => getConversationPartners(userId),
    enabled: userId !== '',
  });
}
