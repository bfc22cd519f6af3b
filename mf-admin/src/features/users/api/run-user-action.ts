import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { callAdminRpc } from '../../../lib/admin-api';
import { auditKeys, moderationKeys, userKeys, verificationKeys } from '../../../lib/query-keys';

export type UserAction =
  | { kind: 'suspend' }
  | { kind: 'reinstate' }
  | { kind: 'reset_mfa' }
  | { kind: 'verified'; verified: boolean };

/** Runs one audited action on a user; the server refuses it without a reason. */
export async function runUserAction(
  userId: string,
  action: UserAction,
  reason: string,
): Promise<void> {
  switch (action.kind) {
    case 'suspend':
      await callAdminRpc<null>('admin_suspend_user', { p_user: userId, p_reason: reason });
      return;
    case 'reinstate':
      await callAdminRpc<null>('admin_reinstate_user', { p_user: userId, p_reason: reason });
      return;
    case 'reset_mfa':
      await callAdminRpc<null>('admin_reset_mfa', { p_user: userId, p_reason: reason });
      return;
    case 'verified':
      await callAdminRpc<null>('admin_set_verified', {
        p_user: userId,
        p_verified: action.verified,
        p_reason: reason,
      });
  }
}

/**
 * What each action changes: the user's page (its admin actions too) and the audit log always; the
 * users list's status or verified column; the moderation queue shows whether the reported user is
 * suspended, the badge requests whether the professional is verified.
 */
export function keysChangedBy(userId: string, action: UserAction): QueryKey[] {
  const always = [userKeys.detail(userId), auditKeys.all];
  switch (action.kind) {
    case 'suspend':
    case 'reinstate':
      return [...always, userKeys.lists(), moderationKeys.queues()];
    case 'verified':
      return [...always, userKeys.lists(), verificationKeys.professionals()];
    case 'reset_mfa':
      return always;
  }
}

export function useUserAction(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: UserAction; reason: string }) =>
      runUserAction(userId, action, reason),
    onSuccess: (_, { action }) =>
      Promise.all(
        keysChangedBy(userId, action).map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
