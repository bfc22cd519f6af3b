import { adminCheckKey, type AdminCheck, type AppUser } from '@promatch/shared';
import { createTestQueryClient, renderWithProviders } from '@promatch/shared/testing';
import { screen } from '@testing-library/react';
import { AdminGate } from './admin-gate';

const user: AppUser = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  type: 'professional',
  domain: 'example.com',
  user_metadata: { name: 'Ada', account_type: 'professional' },
};

/** Renders the gate as the shell leaves it after sign-in: the admin check already answered. */
function renderGate(
  check: AdminCheck | null,
  requirement: Parameters<typeof AdminGate>[0]['requirement'],
) {
  const queryClient = createTestQueryClient();
  if (check) queryClient.setQueryData(adminCheckKey(user.id), check);
  return renderWithProviders(
    <AdminGate requirement={requirement}>
      <p>Inside the portal</p>
    </AdminGate>,
    { queryClient, session: check ? { user } : { user: null } },
  );
}

const none: AdminCheck = { isAdmin: false, isSuperAdmin: false, areas: [] };
const inboxAdmin: AdminCheck = { isAdmin: true, isSuperAdmin: false, areas: ['inbox'] };
const superAdmin: AdminCheck = {
  isAdmin: true,
  isSuperAdmin: true,
  areas: ['users', 'verification', 'announcements', 'inbox', 'audit', 'analytics'],
};

test('a signed-in user without an admin record is told “Access denied” and “No admin privileges”', () => {
  renderGate(none, { kind: 'admin' });
  expect(screen.getByRole('heading', { name: 'Access denied', level: 1 })).toBeInTheDocument();
  expect(screen.getByText('No admin privileges')).toBeInTheDocument();
  expect(screen.queryByText('Inside the portal')).not.toBeInTheDocument();
});

test('a visitor who is not signed in is denied too', () => {
  renderGate(null, { kind: 'admin' });
  expect(screen.getByText('No admin privileges')).toBeInTheDocument();
});

test('an admin enters the portal and the areas they hold, not the others', () => {
  renderGate(inboxAdmin, { kind: 'area', area: 'inbox' });
  expect(screen.getByText('Inside the portal')).toBeInTheDocument();
});

test('an admin without an area is told which one they lack', () => {
  renderGate(inboxAdmin, { kind: 'area', area: 'users' });
  expect(screen.getByText('No admin privileges for Users')).toBeInTheDocument();
  expect(screen.queryByText('Inside the portal')).not.toBeInTheDocument();
});

test('the BMS area needs a super admin', () => {
  renderGate(inboxAdmin, { kind: 'bms' });
  expect(screen.getByText('BMS access requires super admin privileges')).toBeInTheDocument();
});

test('a super admin enters the BMS area', () => {
  renderGate(superAdmin, { kind: 'bms' });
  expect(screen.getByText('Inside the portal')).toBeInTheDocument();
});
