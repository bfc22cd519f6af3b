import { Button, Card, Stack } from '@promatch/shared';
import { Link } from 'react-router-dom';
import { useMyProfile } from '../../../lib/my-profile/get-my-profile';
import { useSignOutOthers } from '../api/sign-out-others';
import { AppearanceSettings } from './appearance-settings';
import { CompanyDetails } from './company-details';
import { ProfileSettings } from './profile-settings';
import { PushDevices } from './push-devices';

/**
 * The settings tab. Sign-in security lives in mf-auth (`/account/security`), which owns the
 * authenticator enrolment; the dashboard only points there.
 */
export function SettingsTab() {
  const profile = useMyProfile();
  const signOutOthers = useSignOutOthers();
  return (
    <Stack $gap="xl">
      <ProfileSettings />
      {profile.data?.account_type === 'business' ? (
        <CompanyDetails companyId={profile.data.company_id} />
      ) : null}
      <AppearanceSettings />
      <Card as="section" aria-labelledby="settings-notifications">
        <h3 id="settings-notifications">Notifications</h3>
        <p>
          What ProMatch tells you about, in ProMatch and in an e-mail digest, and your quiet hours,
          are all chosen in one place.
        </p>
        <Link to="/smart-notifications">Choose your notifications</Link>
      </Card>
      <PushDevices />
      <Card as="section" aria-labelledby="settings-security">
        <h3 id="settings-security">Security</h3>
        <p>
          Protect your account with a one-time code from an authenticator app each time you sign in.
        </p>
        <Link to="/account/security">Manage two-factor authentication</Link>
        <h4>Sessions</h4>
        <p>Signed in somewhere you no longer use? End every session except this one.</p>
        <Button
          type="button"
          $variant="outline"
          disabled={signOutOthers.isPending}
          onClick={() => signOutOthers.mutate()}
        >
          Sign out of every other device
        </Button>
      </Card>
    </Stack>
  );
}
