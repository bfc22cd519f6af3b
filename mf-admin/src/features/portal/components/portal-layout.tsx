import { ADMIN_AREAS } from '@promatch/shared';
import { NavLink, Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { AREA_LABELS, AREA_PATHS } from '../../../lib/areas';
import { useAdminCheck } from '@promatch/shared/admin';

const Layout = styled.div`
  max-width: 80rem;
  margin: 0 auto;
  padding: 0 1.25rem;
`;

const Nav = styled.nav`
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    list-style: none;
    padding: 1rem 0 0;
    margin: 0;
  }
  a {
    display: inline-block;
    padding: 0.4rem 0.8rem;
    border-radius: 999px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

/** The portal's navigation: only the areas this admin holds, and BMS for super admins. */
export function PortalLayout() {
  const { data } = useAdminCheck();
  const areas = ADMIN_AREAS.filter((area) => data?.areas.includes(area) && AREA_PATHS[area]);
  return (
    <Layout>
      <Nav aria-label="Management portal">
        <ul>
          <li>
            <NavLink to="/management" end>
              Overview
            </NavLink>
          </li>
          {areas.map((area) => (
            <li key={area}>
              <NavLink to={AREA_PATHS[area] ?? '/management'}>{AREA_LABELS[area]}</NavLink>
            </li>
          ))}
          {data?.areas.includes('announcements') ? (
            <li>
              <NavLink to="/management/newsletter">Newsletter</NavLink>
            </li>
          ) : null}
          {data?.isSuperAdmin ? (
            <li>
              <NavLink to="/management/bms">BMS</NavLink>
            </li>
          ) : null}
        </ul>
      </Nav>
      <Outlet />
    </Layout>
  );
}
