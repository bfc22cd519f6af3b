import { getSupabaseClient, toAppError, toast, useSession } from '@promatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type RuleEvent =
  | 'message.received'
  | 'match.created'
  | 'proposal.received'
  | 'appointment.booked'
  | 'appointment.cancelled';
export type ConditionKind =
  'none' | 'message_contains' | 'sender_not_favourite' | 'project_category';
export type RuleAction = 'auto_reply' | 'notify' | 'add_favourite' | 'webhook';

export interface AutomationRule {
  id: string;
  name: string;
  event: string;
  condition_kind: string;
  condition_value: string | null;
  action: string;
  action_text: string | null;
  webhook_endpoint_id: string | null;
  paused: boolean;
  created_at: string;
}

export interface AutomationRun {
  id: string;
  rule_id: string;
  event: string;
  outcome: 'succeeded' | 'skipped' | 'failed';
  detail: string;
  created_at: string;
}

export interface NewRule {
  name: string;
  event: RuleEvent;
  condition_kind: ConditionKind;
  condition_value: string | null;
  action: RuleAction;
  action_text: string | null;
  webhook_endpoint_id: string | null;
}

const ROOT = ['automation'] as const;

/** Query keys of the automation hub: never write one inline. */
export const automationKeys = {
  all: ROOT,
  rules: (userId: string) => [...ROOT, 'rules', userId] as const,
  runs: (ruleId: string) => [...ROOT, 'runs', ruleId] as const,
};

/** The user's rules, oldest first (row level security: their own). */
export async function getRules(): Promise<AutomationRule[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('automation_rules')
    .select(
      'id,name,event,condition_kind,condition_value,action,action_text,webhook_endpoint_id,paused,created_at',
    )
    .order('created_at');
  if (error) throw toAppError(error);
  return data ?? [];
}

/** A rule's latest 20 runs, newest first. */
export async function getRuns(ruleId: string): Promise<AutomationRun[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('automation_runs')
    .select('id,rule_id,event,outcome,detail,created_at')
    .eq('rule_id', ruleId)
    .order('created_at', { ascending: false })
    .limit(20);
  if (error) throw toAppError(error);
  return (data ?? []) as AutomationRun[];
}

export function useRules() {
  const userId = useSession((state) => state.user?.id) ?? '';
  return useQuery({
    queryKey: automationKeys.rules(userId),
    enabled: userId !== '',
    queryFn: getRules,
  });
}

/** The rule's latest 20 runs, refreshed every few seconds so a new run shows up. */
export function useRuns(ruleId: string) {
  return useQuery({
    queryKey: automationKeys.runs(ruleId),
    refetchInterval: 5000,
    queryFn: () => getRuns(ruleId),
  });
}

export function useRuleActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: automationKeys.all });
  const failed = (title: string) => (error: Error) =>
    toast({ title, description: error.message, variant: 'destructive' });
  const create = useMutation({
    mutationFn: async (rule: NewRule) => {
      const supabase = await getSupabaseClient();
      const { error } = await supabase.from('automation_rules').insert(rule);
      if (error) throw toAppError(error);
    },
    onSuccess: async () => {
      toast({ title: 'Rule added', variant: 'success' });
      await refresh();
    },
    onError: failed('Rule not added'),
  });
  const setPaused = useMutation({
    mutationFn: async ({ id, paused }: { id: string; paused: boolean }) => {
      const supabase = await getSupabaseClient();
      const { error } = await supabase.from('automation_rules').update({ paused }).eq('id', id);
      if (error) throw toAppError(error);
    },
    onSuccess: refresh,
    onError: failed('Rule not changed'),
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      const supabase = await getSupabaseClient();
      const { error } = await supabase.from('automation_rules').delete().eq('id', id);
      if (error) throw toAppError(error);
    },
    onSuccess: refresh,
    onError: failed('Rule not removed'),
  });
  return { create, setPaused, remove };
}
