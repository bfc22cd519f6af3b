import { Page, useSession } from '@promatch/shared';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { CompanyVerificationStatus } from '../features/company-verification/components/company-verification-status';
import { ModerationWarnings } from '../features/moderation-warnings/components/moderation-warnings';
import { ProfessionalVerification } from '../features/professional-verification/components/verification-request';
import { FilesTab } from '../features/files/components/files-tab';
import { OverviewTab } from '../features/overview/components/overview-tab';
import { PrivacySettings } from '../features/privacy/components/privacy-settings';
import { SettingsTab } from '../features/settings/components/settings-tab';

const TABS = [
  { id: 'overview', label: 'Overview', render: () => <OverviewTab /> },
  {
    id: 'settings',
    label: 'Settings',
    render: () => (
      <>
        <SettingsTab />
        <PrivacySettings />
      </>
    ),
  },
  { id: 'files', label: 'Files', render: () => <FilesTab /> },
] as const;

const Tabs = styled.nav`
  display: flex;
  gap: 0.25rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  margin-bottom: 1.25rem;
  a {
    padding: 0.6rem 1rem;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    border-bottom: 3px solid transparent;
  }
  a[aria-current='page'] {
    border-bottom-color: ${({ theme }) => theme.colors.primary};
    font-weight: 700;
  }
`;

/** The dashboard; ?tab=settings and ?tab=files open those tabs (the user menu links settings). */
export function DashboardPage() {
  const [params] = useSearchParams();
  const tab = TABS.find((candidate) => candidate.id === params.get('tab')) ?? TABS[0];
  const name = useSession((state) => state.user?.name);
  return (
    <Page
      heading="Dashboard"
      title={`${tab.label} - Dashboard`}
      lead={name ? `Welcome back, ${name}.` : undefined}
    >
      <ModerationWarnings />
      <CompanyVerificationStatus />
      <ProfessionalVerification />
      <Tabs aria-label="Dashboard sections">
        {TABS.map((candidate) => (
          <Link
            key={candidate.id}
            to={candidate.id === 'overview' ? '/dashboard' : `/dashboard?tab=${candidate.id}`}
            aria-current={candidate.id === tab.id ? 'page' : undefined}
          >
            {candidate.label}
          </Link>
        ))}
      </Tabs>
      <h2>{tab.label}</h2>
      {tab.render()}
    </Page>
  );
}
