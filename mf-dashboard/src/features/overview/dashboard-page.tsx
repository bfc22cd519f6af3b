import { Page, useSession } from '@promatch/shared';
import { useSearchParams } from 'react-router-dom';
import { SettingsTab } from '../settings/settings-tab';

const TAB_HEADINGS: Record<string, string> = {
  overview: 'Overview',
  settings: 'Settings',
  files: 'Files',
};

/** The dashboard; ?tab=settings and ?tab=files open those tabs (spec section 2). */
export function DashboardPage() {
  const [params] = useSearchParams();
  const tab = params.get('tab') ?? 'overview';
  const name = useSession((state) => state.user?.name);
  return (
    <Page heading="Dashboard" lead={name ? `Welcome back, ${name}.` : undefined}>
      <h2>{TAB_HEADINGS[tab] ?? TAB_HEADINGS.overview}</h2>
      {tab === 'settings' ? <SettingsTab /> : null}
    </Page>
  );
}
