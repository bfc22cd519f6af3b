import { Button, Icon, Tooltip, useSession } from '@promatch/shared';
import { lazy, Suspense, useId, useRef, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { MessagesLink } from './messages-link';
import { ThemeSwitcher } from './theme-switcher';
import { MOBILE_BREAKPOINT_PX, useMobileMenu } from './use-mobile-menu';
import { UserMenu } from './user-menu';

// Drawn only once opened: its code stays out of the JavaScript the first render waits for.
const MobileMenu = lazy(() =>
  import('./mobile-menu').then((module) => ({ default: module.MobileMenu })),
);

const desktopOnly = `@media (max-width: ${MOBILE_BREAKPOINT_PX - 1}px) { display: none; }`;

const Bar = styled.header`
  position: sticky;
  top: 0;
  /* The header is the stacking context of its menus and popovers, so it sits above the cookie
     banner (50): an open menu must never be covered by it. Below offline notices and toasts. */
  z-index: 56;
  background: ${({ theme }) => theme.colors.background};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Inner = styled.div`
  max-width: 72rem;
  margin: 0 auto;
  padding: 0.65rem 1.25rem;
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: center;
  gap: 1rem;
`;

const Logo = styled(Link)`
  justify-self: start;
  font-weight: 800;
  font-size: 1.25rem;
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: none;
`;

const Nav = styled.nav`
  display: flex;
  gap: 1.25rem;
  a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    font-weight: 500;
  }
  a.active {
    color: ${({ theme }) => theme.colors.primary};
  }
  ${desktopOnly}
`;

const Actions = styled.div`
  justify-self: end;
  display: flex;
  gap: 0.5rem;
  align-items: center;
`;

const DesktopOnly = styled.div`
  display: flex;
  gap: 0.5rem;
  align-items: center;
  ${desktopOnly}
`;

const mobileOnly = `@media (min-width: ${MOBILE_BREAKPOINT_PX}px) { display: none; }`;

/** The menu toggle with its tooltip; hidden as a whole, so no empty wrapper adds a gap. */
const MenuToggleTooltip = styled(Tooltip)`
  ${mobileOnly}
`;

function PrimaryNav({ messagesBadge }: { messagesBadge?: ReactNode }) {
  const signedIn = useSession((state) => state.user !== null);
  const isBusiness = useSession((state) => state.accountType === 'business');
  return (
    <Nav id="navigation" aria-label="Main">
      {signedIn ? (
        <>
          <NavLink to="/search">Search</NavLink>
          {isBusiness ? <NavLink to="/browse-professionals">Browse</NavLink> : null}
          <MessagesLink badge={messagesBadge} />
        </>
      ) : (
        <NavLink to="/search">Find Professionals</NavLink>
      )}
    </Nav>
  );
}

/** Logo, centred nav, theme switcher, presence and the user menu. */
export function Header({
  onLogout,
  messagesBadge,
  notificationBell,
}: {
  onLogout: () => void;
  /** The unread count beside Messages, drawn by the messaging remote. */
  messagesBadge?: ReactNode;
  /** The notification bell with its unread count, drawn by the dashboard remote. */
  notificationBell?: ReactNode;
}) {
  const signedIn = useSession((state) => state.user !== null);
  const menu = useMobileMenu();
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuLabel = menu.open ? 'Close menu' : 'Open menu';
  return (
    <Bar>
      <Inner>
        <Logo to="/" aria-label="ProMatch home">
          ProMatch
        </Logo>
        <PrimaryNav messagesBadge={messagesBadge} />
        <Actions>
          {notificationBell}
          <DesktopOnly>
            <ThemeSwitcher />
            {signedIn ? (
              <UserMenu onLogout={onLogout} />
            ) : (
              <>
                <Button as={Link} to="/login" $variant="ghost" $size="sm">
                  Sign In
                </Button>
                <Button as={Link} to="/register" $size="sm">
                  Get Started
                </Button>
              </>
            )}
          </DesktopOnly>
          <MenuToggleTooltip label={menuLabel} align="end">
            <Button
              ref={toggleRef}
              type="button"
              $variant="ghost"
              $size="icon"
              aria-expanded={menu.open}
              aria-controls={menuId}
              aria-label={menuLabel}
              onClick={menu.toggle}
            >
              <Icon name={menu.open ? 'close' : 'menu'} size="1.4rem" />
            </Button>
          </MenuToggleTooltip>
        </Actions>
      </Inner>
      {menu.open && menu.mobile ? (
        <Suspense fallback={null}>
          <MobileMenu id={menuId} onClose={menu.close} onLogout={onLogout} toggleRef={toggleRef} />
        </Suspense>
      ) : null}
    </Bar>
  );
}
