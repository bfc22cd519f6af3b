import { Card } from '@promatch/shared';
import { Link } from 'react-router-dom';

/**
 * The settings tab. Sign-in security lives in mf-auth (`/account/security`), which owns the
 * authenticator enrolment; the dashboard only points there.
 */
export function SettingsTab() {
  return (
    <Card as="section" aria-labelledby="settings-security">
      <h3 id="settings-security">Security</h3>
      <p>
        Protect your account with a one-time code from an authenticator app each time you sign in.
      </p>
      <Link to="/account/security">Manage two-factor authentication</Link>
    </Card>
  );
}
