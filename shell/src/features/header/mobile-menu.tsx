import { Button, Cluster, useSession, type ThemePreference } from '@promatch/shared';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useDismiss } from './use-dismiss';

const Panel = styled.div`
  position: fixed;
  inset: 3.75rem 0 0 0;
  /* Inside the header's stacking context (56), which is above the cookie banner. */
  z-index: 1;
  overflow-y: auto;
  padding: 1rem 1.25rem 2rem;
  background: ${({ theme }) => theme.colors.background};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  h2 {
    font-size: 0.8rem;
    text-transform: uppercase;
    letter-spacing: 0.05em;
    color: ${({ theme }) => theme.colors.mutedText};
    margin: 1.25rem 0 0.5rem;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li a {
    display: block;
    padding: 0.6rem 0;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    font-size: 1.05rem;
  }
`;

const Account = styled.div`
  margin-top: ${({ theme }) => theme.space.xl};
`;

const AccountActions = styled(Cluster)`
  margin-top: ${({ theme }) => theme.space.xl};
`;

const NEXT_THEME: Record<ThemePreference, ThemePreference> = {
  light: 'dark',
  dark: 'system',
  system: 'light',
};

interface MobileMenuProps {
  id: string;
  onClose(): void;
  onLogout(): void;
  /** The toggle button, which must not count as a click outside. */
  toggleRef: React.RefObject<HTMLButtonElement | null>;
}

export function MobileMenu({ id, onClose, onLogout, toggleRef }: MobileMenuProps) {
  const user = useSession((state) => state.user);
  const theme = useSession((state) => state.theme);
  const setTheme = useSession((state) => state.setTheme);
  const panel = useRef<HTMLDivElement>(null);
  useDismiss(true, [panel, toggleRef], onClose);

  return (
    <Panel id={id} ref={panel} role="dialog" aria-modal="false" aria-label="Menu">
      <nav aria-label="Mobile">
        <h2>Explore</h2>
        <ul>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/search">Find Professionals</Link>
          </li>
          <li>
            <Link to="/for-business">For Business</Link>
          </li>
        </ul>
        {user ? (
          <>
            <h2>Your account</h2>
            <ul>
              <li>
                <Link to="/dashboard">Dashboard</Link>
              </li>
              <li>
                <Link to="/search">Search</Link>
              </li>
              <li>
                <Link to="/messages">Messages</Link>
              </li>
            </ul>
          </>
        ) : null}
      </nav>
      <h2>Appearance</h2>
      <Button type="button" $variant="outline" onClick={() => setTheme(NEXT_THEME[theme])}>
        Theme: {theme[0]?.toUpperCase()}
        {theme.slice(1)}
      </Button>
      {user ? (
        <Account>
          <p>Signed in as {user.name}</p>
          <Button type="button" $variant="outline" onClick={onLogout}>
            Sign Out
          </Button>
        </Account>
      ) : (
        <AccountActions $align="stretch">
          <Button as={Link} to="/login" $variant="outline">
            Log In
          </Button>
          <Button as={Link} to="/register">
            Get Started
          </Button>
        </AccountActions>
      )}
    </Panel>
  );
}
