import { Page } from '@promatch/shared';
import { PlansSection } from './plans-section';
import { SettingsSection } from './settings-section';
import { StaffSection } from './staff-section';

/** The super admin area: staff accounts and subscription plans. */
export function BmsPage() {
  return (
    <Page
      heading="BMS"
      title="BMS"
      lead="Super admin only: appoint staff and choose what each may do, edit the subscription plans, and switch feature flags."
    >
      <StaffSection />
      <PlansSection />
      <SettingsSection />
    </Page>
  );
}
