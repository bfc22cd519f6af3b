import { getSupabaseClient, toAppError } from '@promatch/shared';
import { overviewKeys } from './keys';
import { usePanelQuery } from './query-helpers';

export interface UpcomingAppointment {
  id: string;
  title: string;
  starts_at: string;
  status: string;
  business: { name: string } | null;
  professional: { name: string } | null;
}

/** The next pending or confirmed calls that have not ended yet, soonest first. */
export async function getUpcomingAppointments(): Promise<UpcomingAppointment[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('appointments')
    .select(
      'id,title,starts_at,status,business:profiles!appointments_business_id_fkey(name),professional:profiles!appointments_professional_id_fkey(name)',
    )
    .gte('ends_at', new Date().toISOString())
    .in('status', ['proposed', 'confirmed'])
    .order('starts_at', { ascending: true })
    .limit(5);
  if (error) throw toAppError(error);
  return (data ?? []) as unknown as UpcomingAppointment[];
}

export const useUpcomingAppointments = () =>
  usePanelQuery(overviewKeys.appointments, getUpcomingAppointments);
