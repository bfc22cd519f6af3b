import { ADMIN_AREAS, Card, Page } from '@promatch/shared';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { AREA_LABELS, AREA_PATHS } from '../../../lib/areas';
import { useAdminCheck } from '@promatch/shared/admin';

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  gap: 1rem;
  list-style: none;
  padding: 0;
`;

const DESCRIPTIONS: Partial<Record<(typeof ADMIN_AREAS)[number], string>> = {
  users: 'Find users; suspend or reinstate, reset two-factor, grant the verified badge.',
  verification:
    'Companies entered by hand and professionals asking for the badge: check, approve or reject.',
  announcements:
    'Compose, schedule and deactivate announcements for all or one account type; write, preview and send the newsletter.',
  inbox: 'Contact messages, leads and newsletter subscribers: status, assignment, replies.',
  audit: 'Every admin action with who, when, and the values before and after.',
  analytics:
    'Sign-ups, active users, messages, appointments and projects per day, with CSV export.',
  moderation: 'Reports from conversations: read the context, then dismiss, warn or suspend.',
  payments: "Disputed milestones: release or refund with a reason; the platform's fee income.",
};

/** The portal's landing page: the areas this admin may use. */
export function ManagementPage() {
  const { data } = useAdminCheck();
  const areas = ADMIN_AREAS.filter((area) => data?.areas.includes(area) && AREA_PATHS[area]);
  return (
    <Page
      heading="Management Portal"
      lead={data?.isSuperAdmin ? 'Signed in as super admin.' : 'Signed in as admin.'}
    >
      {areas.length === 0 && !data?.isSuperAdmin ? (
        <Card>
          <p>Your admin account has no areas yet. A super admin grants them in the BMS area.</p>
        </Card>
      ) : null}
      <Grid>
        {areas.map((area) => (
          <li key={area}>
            <Card>
              <h2>
                <Link to={AREA_PATHS[area] ?? '/management'}>{AREA_LABELS[area]}</Link>
              </h2>
              <p>{DESCRIPTIONS[area]}</p>
            </Card>
          </li>
        ))}
        {data?.isSuperAdmin ? (
          <li>
            <Card>
              <h2>
                <Link to="/management/bms">BMS</Link>
              </h2>
              <p>Staff accounts, roles and permissions, and subscription plans.</p>
            </Card>
          </li>
        ) : null}
      </Grid>
    </Page>
  );
}
