import { getSupabaseClient, toAppError } from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';
import { messagingKeys } from '../../../lib/query-keys';
import type { Appointment } from '../utils/appointment-state';

const COLUMNS =
  '*,business:profiles!appointments_business_id_fkey(name),professional:profiles!appointments_professional_id_fkey(name)';

/** The appointments of one conversation, newest proposal first (row-level security: the parties only). */
export async function getConversationAppointments(conversationId: string): Promise<Appointment[]> {
  const client = await getSupabaseClient();
  const { data, error } = await client
    .from('appointments')
    .select(COLUMNS)
    .eq('conversation_id', conversationId)
    .order('created_at', { ascending: false })
    .limit(20);
  if (error) throw toAppError(error);
  return (data ?? []) as unknown as Appointment[];
}

export function useConversationAppointments(conversationId: string | undefined) {
  return useQuery({
    queryKey: messagingKeys.conversationAppointments(conversationId ?? ''),
    queryFn: () => getConversationAppointments(conversationId!),
    enabled: Boolean(conversationId),
  });
}

/** The caller's proposed and confirmed calls that have not ended, soonest first. */
export async function getUpcomingAppointments(): Promise<Appointment[]> {
  const client = await getSupabaseClient();
  const { data, error } = await client
    .from('appointments')
    .select(COLUMNS)
    .in('status', ['proposed', 'confirmed'])
    .gt('ends_at', new Date().toISOString())
    .order('starts_at', { ascending: true })
    .limit(50);
  if (error) throw toAppError(error);
  return (data ?? []) as unknown as Appointment[];
}

export function useUpcomingAppointments(userId: string) {
  return useQuery({
    queryKey: messagingKeys.upcomingAppointments(userId),
    queryFn: getUpcomingAppointments,
  });
}

/** The caller's calls that took place (completed, or confirmed and ended), latest first. */
export async function getPastAppointments(): Promise<Appointment[]> {
  const client = await getSupabaseClient();
  const { data, error } = await client
    .from('appointments')
    .select(COLUMNS)
    .in('status', ['confirmed', 'completed'])
    .lte('ends_at', new Date().toISOString())
    .order('starts_at', { ascending: false })
    .limit(20);
  if (error) throw toAppError(error);
  return (data ?? []) as unknown as Appointment[];
}

export function usePastAppointments(userId: string) {
  return useQuery({
    queryKey: messagingKeys.pastAppointments(userId),
    queryFn: getPastAppointments,
    enabled: Boolean(userId),
  });
}
