import { ADMIN_AREAS, Badge, Button, getSupabaseClient, toast, type Json } from '@promatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { callAdminRpc, toAdminError } from '../../lib/admin-api';
import { AREA_LABELS } from '../../lib/areas';
import { DataTable, ErrorText, SectionHeading, Toolbar } from '../../lib/ui';
import type { UserPage } from '../users/users-api';

interface StaffRow {
  user_id: string;
  role: 'admin' | 'super_admin';
  permissions: Record<string, boolean>;
  is_active: boolean;
  name: string;
}

const staffKey = ['admin', 'bms', 'staff'] as const;

const asFlags = (value: Json): Record<string, boolean> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, v === true]))
    : {};

function useStaffRows() {
  return useQuery({
    queryKey: staffKey,
    queryFn: async (): Promise<StaffRow[]> => {
      const client = await getSupabaseClient();
      const { data, error } = await client
        .from('admin_users')
        .select('user_id, role, permissions, is_active, profiles(name)')
        .order('created_at');
      if (error) throw toAdminError(error);
      return data.map((row) => ({
        user_id: row.user_id,
        role: row.role === 'super_admin' ? 'super_admin' : 'admin',
        permissions: asFlags(row.permissions),
        is_active: row.is_active,
        name: row.profiles?.name ?? row.user_id,
      }));
    },
  });
}

/** Writes go straight to admin_users: its policies let only super admins write, and a trigger audits. */
function useStaffWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      change:
        | { kind: 'grant'; userId: string }
        | { kind: 'update'; userId: string; patch: Partial<Omit<StaffRow, 'user_id' | 'name'>> }
        | { kind: 'revoke'; userId: string },
    ) => {
      const client = await getSupabaseClient();
      const staff = client.from('admin_users');
      const { error } =
        change.kind === 'grant'
          ? await staff.insert({ user_id: change.userId, role: 'admin', permissions: {} })
          : change.kind === 'update'
            ? await staff.update(change.patch).eq('user_id', change.userId)
            : await staff.delete().eq('user_id', change.userId);
      if (error) throw toAdminError(error);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
    onError: (error) =>
      toast({
        title: 'Could not change staff',
        description: error.message,
        variant: 'destructive',
      }),
  });
}

function GrantForm() {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const write = useStaffWrite();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = await callAdminRpc<UserPage>('admin_list_users', {
      p_query: email.trim(),
      p_page_size: 5,
    }).catch((error: Error) => {
      setMessage(error.message);
      return null;
    });
    const user = found?.items.find((u) => u.email === email.trim().toLowerCase());
    if (!found) return;
    if (!user) {
      setMessage('No user with that e-mail address.');
      return;
    }
    await write.mutateAsync({ kind: 'grant', userId: user.id });
    toast({ title: 'Admin granted', description: `${user.email} is now an admin with no areas.` });
    setEmail('');
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Grant admin">
      <Toolbar>
        <label>
          User&apos;s e-mail
          <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <Button type="submit" disabled={write.isPending}>
          Grant admin
        </Button>
      </Toolbar>
      {message ? <ErrorText role="alert">{message}</ErrorText> : null}
    </form>
  );
}

export function StaffSection() {
  const rows = useStaffRows();
  const write = useStaffWrite();
  const update = (row: StaffRow, patch: Partial<Omit<StaffRow, 'user_id' | 'name'>>) =>
    write.mutate({ kind: 'update', userId: row.user_id, patch });
  return (
    <section aria-labelledby="staff-heading">
      <SectionHeading id="staff-heading">Staff</SectionHeading>
      <GrantForm />
      {rows.error ? <ErrorText role="alert">{rows.error.message}</ErrorText> : null}
      {rows.data ? (
        <DataTable
          caption="Admin accounts"
          columns={['Name', 'Role', 'Areas', 'Status', 'Actions']}
        >
          {rows.data.map((row) => (
            <tr key={row.user_id}>
              <td>{row.name}</td>
              <td>
                <select
                  aria-label={`Role of ${row.name}`}
                  value={row.role}
                  onChange={(e) => update(row, { role: e.target.value as StaffRow['role'] })}
                >
                  <option value="admin">Admin</option>
                  <option value="super_admin">Super admin</option>
                </select>
              </td>
              <td>
                {row.role === 'super_admin' ? (
                  'Every area'
                ) : (
                  <fieldset>
                    <legend>Areas of {row.name}</legend>
                    {ADMIN_AREAS.map((area) => (
                      <label key={area} style={{ display: 'block', fontWeight: 400 }}>
                        <input
                          type="checkbox"
                          checked={row.permissions[area] === true}
                          onChange={(e) =>
                            update(row, {
                              permissions: { ...row.permissions, [area]: e.target.checked },
                            })
                          }
                        />{' '}
                        {AREA_LABELS[area]}
                      </label>
                    ))}
                  </fieldset>
                )}
              </td>
              <td>
                {row.is_active ? <Badge $tone="success">Active</Badge> : <Badge>Inactive</Badge>}
              </td>
              <td>
                <Button
                  type="button"
                  $size="sm"
                  $variant="outline"
                  onClick={() => update(row, { is_active: !row.is_active })}
                >
                  {row.is_active ? `Deactivate ${row.name}` : `Activate ${row.name}`}
                </Button>{' '}
                <Button
                  type="button"
                  $size="sm"
                  $variant="destructive"
                  onClick={() => write.mutate({ kind: 'revoke', userId: row.user_id })}
                >
                  Revoke {row.name}
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}
