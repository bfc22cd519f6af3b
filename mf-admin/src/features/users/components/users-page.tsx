import { Badge, Button, DataTable, Page } from '@promatch/shared';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatWhen } from '../../../lib/format';
import { ErrorText, Muted, Toolbar } from '../../../lib/ui';
import { useUsers, type UserFilters } from '../api/get-users';

const EMPTY: UserFilters = {
  query: '',
  accountType: '',
  plan: '',
  verified: '',
  status: '',
  page: 1,
};

export function UsersPage() {
  const [draft, setDraft] = useState(EMPTY);
  const [filters, setFilters] = useState(EMPTY);
  const list = useUsers(filters);
  const set = <K extends keyof UserFilters>(key: K, value: UserFilters[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft, page: 1 });
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : 1;

  return (
    <Page heading="Users" lead="Search by name, e-mail or company, and filter.">
      <form onSubmit={submit} role="search" aria-label="Users">
        <Toolbar>
          <label>
            Search
            <input
              type="search"
              value={draft.query}
              onChange={(e) => set('query', e.target.value)}
            />
          </label>
          <label>
            Account type
            <select
              value={draft.accountType}
              onChange={(e) => set('accountType', e.target.value as UserFilters['accountType'])}
            >
              <option value="">Any</option>
              <option value="professional">Professional</option>
              <option value="business">Business</option>
            </select>
          </label>
          <label>
            Plan
            <select
              value={draft.plan}
              onChange={(e) => set('plan', e.target.value as UserFilters['plan'])}
            >
              <option value="">Any</option>
              <option value="free">Free</option>
              <option value="pro">Pro</option>
            </select>
          </label>
          <label>
            Verification
            <select
              value={draft.verified}
              onChange={(e) => set('verified', e.target.value as UserFilters['verified'])}
            >
              <option value="">Any</option>
              <option value="yes">Verified</option>
              <option value="no">Not verified</option>
            </select>
          </label>
          <label>
            Status
            <select
              value={draft.status}
              onChange={(e) => set('status', e.target.value as UserFilters['status'])}
            >
              <option value="">Any</option>
              <option value="active">Active</option>
              <option value="suspended">Suspended</option>
            </select>
          </label>
          <Button type="submit">Apply</Button>
        </Toolbar>
      </form>
      {list.error ? <ErrorText role="alert">{list.error.message}</ErrorText> : null}
      {list.isPending ? <p role="status">Loading users…</p> : null}
      {list.data ? (
        <>
          <Muted role="status">
            {list.data.total} {list.data.total === 1 ? 'user' : 'users'} found
          </Muted>
          <DataTable
            caption="Users, newest first"
            columns={['Name', 'E-mail', 'Account', 'Plan', 'Verified', 'Status', 'Joined']}
          >
            {list.data.items.map((user) => (
              <tr key={user.id}>
                <td>
                  <Link to={`/management/users/${user.id}`}>{user.name || user.email}</Link>
                </td>
                <td>{user.email}</td>
                <td>{user.account_type === 'business' ? 'Business' : 'Professional'}</td>
                <td>{user.plan_type === 'pro' ? 'Pro' : 'Free'}</td>
                <td>{user.verified ? 'Yes' : 'No'}</td>
                <td>
                  {user.status === 'suspended' ? (
                    <Badge $tone="warning">Suspended</Badge>
                  ) : (
                    <Badge $tone="success">Active</Badge>
                  )}
                </td>
                <td>{formatWhen(user.created_at)}</td>
              </tr>
            ))}
          </DataTable>
          <Toolbar>
            <Button
              type="button"
              $variant="outline"
              disabled={filters.page <= 1}
              onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
            >
              Previous page
            </Button>
            <span>
              Page {filters.page} of {pages}
            </span>
            <Button
              type="button"
              $variant="outline"
              disabled={filters.page >= pages}
              onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
            >
              Next page
            </Button>
          </Toolbar>
        </>
      ) : null}
    </Page>
  );
}
