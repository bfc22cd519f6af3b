import { getSupabaseClient } from '@promatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdminRpc, toAdminError } from '../../lib/admin-api';

export type InboxKind = 'contact_message' | 'lead' | 'newsletter_subscriber';
export type InboxStatus = 'new' | 'in_progress' | 'answered' | 'archived';

export const INBOX_TABLES = {
  contact_message: 'contact_messages',
  lead: 'leads',
  newsletter_subscriber: 'newsletter_subscribers',
} as const;

export interface InboxItem {
  id: string;
  kind: InboxKind;
  email: string;
  /** Who: the sender's name, the lead's name or company, or nothing for a subscriber. */
  from: string | null;
  subject: string | null;
  body: string | null;
  status: InboxStatus;
  assigned_to: string | null;
  created_at: string;
}

export interface StaffMember {
  user_id: string;
  name: string;
}

async function fetchItems(kind: InboxKind, status: string): Promise<InboxItem[]> {
  const client = await getSupabaseClient();
  const filterStatus = <Q extends { eq(column: 'status', value: string): Q }>(q: Q) =>
    status ? q.eq('status', status) : q;
  if (kind === 'contact_message') {
    const { data, error } = await filterStatus(
      client
        .from('contact_messages')
        .select('id, name, email, subject, message, status, assigned_to, created_at'),
    )
      .order('created_at', { ascending: false })
      .limit(200);
    if (error) throw toAdminError(error);
    return data.map((m) => ({
      id: m.id,
      kind,
      email: m.email,
      from: m.name,
      subject: m.subject,
      body: m.message,
      status: m.status as InboxStatus,
      assigned_to: m.assigned_to,
      created_at: m.created_at,
    }));
  }
  if (kind === 'lead') {
    const { data, error } = await filterStatus(
      client
        .from('leads')
        .select('id, name, company, email, source, status, assigned_to, created_at'),
    )
      .order('created_at', { ascending: false })
      .limit(200);
    if (error) throw toAdminError(error);
    return data.map((l) => ({
      id: l.id,
      kind,
      email: l.email,
      from: [l.name, l.company].filter(Boolean).join(', ') || null,
      subject: null,
      body: l.source ? `Captured on ${l.source}` : null,
      status: l.status as InboxStatus,
      assigned_to: l.assigned_to,
      created_at: l.created_at,
    }));
  }
  const { data, error } = await filterStatus(
    client
      .from('newsletter_subscribers')
      .select('id, email, source, status, assigned_to, created_at'),
  )
    .order('created_at', { ascending: false })
    .limit(200);
  if (error) throw toAdminError(error);
  return data.map((n) => ({
    id: n.id,
    kind,
    email: n.email,
    from: null,
    subject: null,
    body: `Subscribed from ${n.source}`,
    status: n.status as InboxStatus,
    assigned_to: n.assigned_to,
    created_at: n.created_at,
  }));
}

export function useInbox(kind: InboxKind, status: string) {
  return useQuery({
    queryKey: ['admin', 'inbox', kind, status],
    queryFn: () => fetchItems(kind, status),
  });
}

/** Active staff, the people an item can be assigned to. */
export function useStaff() {
  return useQuery({
    queryKey: ['admin', 'staff-names'],
    queryFn: async (): Promise<StaffMember[]> => {
      const client = await getSupabaseClient();
      const { data, error } = await client
        .from('admin_users')
        .select('user_id, profiles(name)')
        .eq('is_active', true);
      if (error) throw toAdminError(error);
      return data.map((s) => ({ user_id: s.user_id, name: s.profiles?.name ?? s.user_id }));
    },
  });
}

export function useTriage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      item,
      patch,
    }: {
      item: InboxItem;
      patch: { status?: InboxStatus; assigned_to?: string | null };
    }) => {
      const client = await getSupabaseClient();
      const { error } = await client.from(INBOX_TABLES[item.kind]).update(patch).eq('id', item.id);
      if (error) throw toAdminError(error);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'inbox'] }),
  });
}

export function useReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, subject, body }: { item: InboxItem; subject: string; body: string }) =>
      callAdminRpc<null>('admin_reply_by_email', {
        p_kind: item.kind,
        p_id: item.id,
        p_subject: subject,
        p_body: body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'inbox'] }),
  });
}
