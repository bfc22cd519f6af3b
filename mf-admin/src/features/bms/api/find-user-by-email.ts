import { callAdminRpc } from '../../../lib/admin-api';

export interface UserMatch {
  id: string;
  email: string;
}

/** The user with exactly this e-mail address (the users area's search), or null when none. */
export async function findUserByEmail(email: string): Promise<UserMatch | null> {
  const found = await callAdminRpc<{ items: UserMatch[] }>('admin_list_users', {
    p_query: email.trim(),
    p_page_size: 5,
  });
  return found.items.find((user) => user.email === email.trim().toLowerCase()) ?? null;
}
