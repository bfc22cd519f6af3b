import { getSupabaseClient, toAppError, toast } from '@promatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { webhookKeys, type WebhookEndpoint } from '../../../lib/webhooks/get-webhooks';
import type { WebhookEvent } from '../utils/events';

export interface WebhookDelivery {
  id: string;
  endpoint_id: string;
  event: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  next_attempt_at: string;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

/** The latest 20 deliveries of one webhook, newest first. */
export async function getDeliveries(endpointId: string): Promise<WebhookDelivery[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('webhook_deliveries')
    .select(
      'id,endpoint_id,event,status,attempts,next_attempt_at,last_status,last_error,created_at,delivered_at',
    )
    .eq('endpoint_id', endpointId)
    .order('created_at', { ascending: false })
    .limit(20);
  if (error) throw toAppError(error);
  return (data ?? []) as WebhookDelivery[];
}

/** The latest deliveries of one webhook; refreshed every 5 s, every 2 s while one is pending. */
export function useDeliveries(endpointId: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: () => getDeliveries(endpointId),
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending') ? 2000 : 5000,
  });
}

export interface NewWebhook {
  url: string;
  description: string;
  events: WebhookEvent[];
}

export function useWebhookActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  const failed = (title: string) => (error: Error) =>
    toast({ title, description: error.message, variant: 'destructive' });

  const create = useMutation({
    mutationFn: async (input: NewWebhook): Promise<WebhookEndpoint> => {
      const supabase = await getSupabaseClient();
      const { data, error } = await supabase
        .from('webhook_endpoints')
        .insert(input)
        .select(
          'id,url,description,events,secret,active,disabled_reason,consecutive_failures,last_success_at,created_at',
        )
        .single();
      if (error) throw toAppError(error);
      return data;
    },
    onSuccess: refresh,
    onError: failed('Webhook not added'),
  });
  const setActive = useMutation({
    mutationFn: async ({ id, active }: { id: string; active: boolean }) => {
      const supabase = await getSupabaseClient();
      const { error } = await supabase.from('webhook_endpoints').update({ active }).eq('id', id);
      if (error) throw toAppError(error);
    },
    onSuccess: refresh,
    onError: failed('Webhook not changed'),
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      const supabase = await getSupabaseClient();
      const { error } = await supabase.from('webhook_endpoints').delete().eq('id', id);
      if (error) throw toAppError(error);
    },
    onSuccess: async () => {
      toast({ title: 'Webhook removed', variant: 'success' });
      await refresh();
    },
    onError: failed('Webhook not removed'),
  });
  const sendTest = useMutation({
    mutationFn: async (id: string) => {
      const supabase = await getSupabaseClient();
      const { error } = await supabase.rpc('send_test_webhook', { p_endpoint: id });
      if (error) throw toAppError(error);
    },
    onSuccess: async () => {
      toast({ title: 'Test delivery queued', variant: 'success' });
      await refresh();
    },
    onError: failed('Test not sent'),
  });
  return { create, setActive, remove, sendTest };
}
