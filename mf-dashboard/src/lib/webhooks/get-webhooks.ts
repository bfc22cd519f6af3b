import { getSupabaseClient, toAppError, useSession } from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  events: string[];
  secret: string;
  active: boolean;
  disabled_reason: string | null;
  consecutive_failures: number;
  last_success_at: string | null;
  created_at: string;
}

const ROOT = ['integrations', 'webhooks'] as const;

/**
 * Query keys of the webhooks, here because the integrations page and the automation hub both read
 * the list: never write one inline.
 */
export const webhookKeys = {
  all: ROOT,
  list: (userId: string) => [...ROOT, 'list', userId] as const,
  deliveries: (endpointId: string) => [...ROOT, 'deliveries', endpointId] as const,
};

export async function getWebhooks(): Promise<WebhookEndpoint[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('webhook_endpoints')
    .select(
      'id,url,description,events,secret,active,disabled_reason,consecutive_failures,last_success_at,created_at',
    )
    .order('created_at');
  if (error) throw toAppError(error);
  return data ?? [];
}

export function useWebhooks() {
  const userId = useSession((state) => state.user?.id) ?? '';
  return useQuery({
    queryKey: webhookKeys.list(userId),
    queryFn: getWebhooks,
    enabled: userId !== '',
  });
}
