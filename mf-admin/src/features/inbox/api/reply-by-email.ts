import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdminRpc } from '../../../lib/admin-api';
import { auditKeys, inboxKeys } from '../../../lib/query-keys';
import type { InboxItem } from './get-inbox';

export interface Reply {
  item: InboxItem;
  subject: string;
  body: string;
}

/** E-mails the reply and marks the item answered; the function audits it. */
export async function replyByEmail({ item, subject, body }: Reply): Promise<void> {
  await callAdminRpc<null>('admin_reply_by_email', {
    p_kind: item.kind,
    p_id: item.id,
    p_subject: subject,
    p_body: body,
  });
}

export function useReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyByEmail,
    onSuccess: (_, { item }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inboxKeys.kind(item.kind) }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
  });
}
