import { getSupabaseClient } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAdminError } from '../../../lib/admin-api';
import { inboxKeys } from '../../../lib/query-keys';

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

/** The latest 200 items of one inbox, of one status or all, newest first. */
export async function getInboxItems(kind: InboxKind, status: string): Promise<InboxItem[]> {
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

export const inboxQueryOptions = (kind: InboxKind, status: string) =>
  queryOptions({
    queryKey: inboxKeys.items(kind, status),
    queryFn: () => getInboxItems(kind, status),
  });

export function useInbox(kind: InboxKind, status: string) {
  return useQuery(inboxQueryOptions(kind, status));
}
