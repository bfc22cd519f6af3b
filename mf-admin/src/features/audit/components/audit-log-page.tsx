import { DataTable, Page } from '@promatch/shared';
import { useState } from 'react';
import styled from 'styled-components';
import { formatWhen } from '../../../lib/format';
import { ErrorText, Muted, Toolbar } from '../../../lib/ui';
import { useAuditLog } from '../api/get-audit-log';

const Json = styled.pre`
  margin: 0;
  max-width: 24rem;
  white-space: pre-wrap;
  word-break: break-word;
  font-size: 0.8rem;
`;

const TARGETS = [
  ['', 'Everything'],
  ['user', 'Users'],
  ['company', 'Companies'],
  ['system_notifications', 'Announcements'],
  ['subscription_plans', 'Plans'],
  ['admin_users', 'Staff'],
  ['contact_message', 'Inbox replies'],
  ['contact_messages', 'Contact messages'],
  ['leads', 'Leads'],
  ['newsletter_subscribers', 'Newsletter'],
  ['profiles', 'Profiles'],
  ['milestone', 'Payment disputes'],
] as const;

const show = (value: unknown) => (value == null ? '—' : JSON.stringify(value, null, 1));

/** The append-only record of every admin action. */
export function AuditLogPage() {
  const [target, setTarget] = useState('');
  const log = useAuditLog(target);
  return (
    <Page
      heading="Audit log"
      lead="Every admin action: who, what, when, and the values before and after. Nobody can change or delete an entry."
    >
      <Toolbar>
        <label>
          Show
          <select value={target} onChange={(e) => setTarget(e.target.value)}>
            {TARGETS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </Toolbar>
      {log.error ? <ErrorText role="alert">{log.error.message}</ErrorText> : null}
      {log.data ? (
        <>
          <Muted>Latest {log.data.length} entries</Muted>
          <DataTable
            caption="Audit entries, newest first"
            columns={['When', 'Who', 'Action', 'Target', 'Reason', 'Before', 'After']}
          >
            {log.data.map((entry) => (
              <tr key={entry.id}>
                <td>{formatWhen(entry.occurred_at)}</td>
                <td>
                  {entry.actor_name ?? entry.actor_id ?? '—'}
                  {entry.actor_role ? ` (${entry.actor_role.replace('_', ' ')})` : ''}
                </td>
                <td>{entry.action.replace(/_/g, ' ')}</td>
                <td>
                  {entry.target_type} {entry.target_id ?? ''}
                </td>
                <td>{entry.reason ?? '—'}</td>
                <td>
                  <Json>{show(entry.before)}</Json>
                </td>
                <td>
                  <Json>{show(entry.after)}</Json>
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      ) : null}
    </Page>
  );
}
