import { ADMIN_AREAS, Badge, Button, DataTable, toast } from '@promatch/shared';
import { useState, type FormEvent } from 'react';
import { AREA_LABELS } from '../../../lib/areas';
import { CheckLabel, ErrorText, SectionHeading, Toolbar } from '../../../lib/ui';
import { findUserByEmail, type UserMatch } from '../api/find-user-by-email';
import { useStaffRows, type StaffRow } from '../api/get-staff';
import { useStaffWrite } from '../api/write-staff';

function GrantForm() {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const write = useStaffWrite();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    let user: UserMatch | null;
    try {
      user = await findUserByEmail(email);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
      return;
    }
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
                      <CheckLabel key={area}>
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
                      </CheckLabel>
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
