import type { AppUser } from '@promatch/shared';
import { renderWithProviders } from '@promatch/shared/testing';
import { act, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { Access } from '../../lib/route-types';
import { AccessGate } from './access-gate';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** One gated page per access level, and the sign-in page, as the shell's route table has them. */
function Site() {
  const page = (access: Access, name: string) => (
    <AccessGate access={access}>
      <main>{name}</main>
    </AccessGate>
  );
  return (
    <>
      <Routes>
        <Route path="/login" element={page('guest-only', 'Sign-in page')} />
        <Route path="/dashboard" element={page('protected', 'Dashboard')} />
        <Route path="/reset-password" element={page('public', 'Reset password')} />
        <Route path="/pricing" element={page('public', 'Pricing')} />
      </Routes>
      <Where />
    </>
  );
}

const owesCode = { user: null, mfaRequired: true, isLoading: false };

describe('AccessGate and the second factor', () => {
  it.each(['/dashboard?tab=files', '/reset-password', '/pricing'])(
    'sends a session that owes its code from %s to the sign-in page first',
    (path) => {
      renderWithProviders(<Site />, { path, session: owesCode });
      expect(screen.getByText('Sign-in page')).toBeInTheDocument();
      expect(screen.getByTestId('where')).toHaveTextContent(
        `/login?returnTo=${encodeURIComponent(path)}`,
      );
      expect(screen.queryByText(/Dashboard|Reset password|Pricing/)).not.toBeInTheDocument();
    },
  );

  it('moves an open page to the code step as soon as the session sync learns the code is owed', () => {
    const { store } = renderWithProviders(<Site />, { path: '/pricing' });
    expect(screen.getByText('Pricing')).toBeInTheDocument();
    act(() => store.getState().setSession({ user: null, mfaRequired: true }));
    expect(screen.getByText('Sign-in page')).toBeInTheDocument();
  });

  it('lets a user whose session passed the code (or has no factor) through', () => {
    const user: AppUser = {
      id: 'u1',
      email: 'a@b.co',
      name: 'A',
      type: 'business',
      domain: 'b.co',
      user_metadata: {},
    };
    renderWithProviders(<Site />, {
      path: '/dashboard',
      session: { user, mfaRequired: false, isLoading: false },
    });
    expect(screen.getByText('Dashboard')).toBeInTheDocument();
  });
});
