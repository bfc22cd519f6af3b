import { getSupabaseClient, type Tables } from '@promatch/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toAdminError } from '../../../lib/admin-api';
import { newsletterKeys } from '../../../lib/query-keys';

export type NewsletterIssue = Tables<'newsletter_issues'>;

/** Every issue, newest first, with its status and counts. */
export async function getNewsletterIssues(): Promise<NewsletterIssue[]> {
  const client = await getSupabaseClient();
  const { data, error } = await client
    .from('newsletter_issues')
    .select('*')
    .order('created_at', { ascending: false })
    .limit(200);
  if (error) throw toAdminError(error);
  return data;
}

/** While an issue is sending, the list refreshes every 2 s so the sent count climbs. */
export const newsletterIssuesQueryOptions = () =>
  queryOptions({
    queryKey: newsletterKeys.all,
    queryFn: getNewsletterIssues,
    refetchInterval: (query) =>
      query.state.data?.some((issue) => issue.status === 'sending') ? 2000 : false,
  });

export function useNewsletterIssues() {
  return useQuery(newsletterIssuesQueryOptions());
}

export interface IssueDraft {
  subject: string;
  body: string;
}

/** Saves a new draft, or changes a draft (sent issues cannot change). */
export async function saveNewsletterDraft(draft: IssueDraft & { id?: string }): Promise<string> {
  const client = await getSupabaseClient();
  const values = { subject: draft.subject, body: draft.body };
  const { data, error } = draft.id
    ? await client
        .from('newsletter_issues')
        .update(values)
        .eq('id', draft.id)
        .eq('status', 'draft')
        .select('id')
        .single()
    : await client.from('newsletter_issues').insert(values).select('id').single();
  if (error) throw toAdminError(error);
  return data.id;
}

/** Sends a draft to every confirmed subscriber; answers the issue with its recipient count. */
export async function sendNewsletterIssue(id: string): Promise<NewsletterIssue> {
  const client = await getSupabaseClient();
  const { data, error } = await client.rpc('send_newsletter_issue', { p_issue: id });
  if (error) throw toAdminError(error);
  return data;
}

export function useSaveNewsletterDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNewsletterDraft,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsletterKeys.all }),
  });
}

export function useSendNewsletterIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNewsletterIssue,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsletterKeys.all }),
  });
}
