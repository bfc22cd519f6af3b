import { getSupabaseClient, toAppError } from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';
import { messagingKeys } from '../../../lib/query-keys';

/** The id of the caller's conversation with `partnerId`, or null when they have none yet. */
export async function findConversationWith(
  userId: string,
  partnerId: string,
): Promise<string | null> {
  const client = await getSupabaseClient();
  const { data, error } = await client
    .from('conversations')
    .select('id')
    .or(
      `and(participant_1.eq.${userId},participant_2.eq.${partnerId}),and(participant_1.eq.${partnerId},participant_2.eq.${userId})`,
    )
    .maybeSingle();
  if (error) throw toAppError(error);
  return data?.id ?? null;
}

export function useConversationWith(userId: string, partnerId: string) {
  return useQuery({
    queryKey: messagingKeys.conversationWith(partnerId),
    queryFn: () => findConversationWith(userId, partnerId),
  });
}

export interface PartnerCard {
  id: string;
  name: string;
  avatar_url: string | null;
  account_type: string;
}

/** A profile's public card (profiles are public), for a conversation not started yet. */
export async function fetchPartner(partnerId: string): Promise<PartnerCard | null> {
  const client = await getSupabaseClient();
  const { data, error } = await client
    .from('profiles')
    .select('id, name, avatar_url, account_type')
    .eq('id', partnerId)
    .maybeSingle();
  if (error) throw toAppError(error);
  return data;
}

export function usePartner(partnerId: string) {
  return useQuery({
    queryKey: messagingKeys.partner(partnerId),
    queryFn: () => fetchPartner(partnerId),
  });
}
