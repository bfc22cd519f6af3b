import { Card, Page } from '@promatch/shared';
import { Link } from 'react-router-dom';
import { FactorList } from './factor-list';
import { PasskeyEnrolment } from './passkey-enrolment';
import { PasskeyList } from './passkey-list';
import { TotpEnrolment } from './totp-enrolment';

/** /account/security: two-factor authentication with an authenticator app (TOTP) or a passkey. */
export function SecurityPage() {
  return (
    <Page
      heading="Account security"
      lead="Protect your account with a second step each time you sign in: a code from an authenticator app, or a passkey."
    >
      <Card as="section" aria-labelledby="authenticators-heading">
        <h2 id="authenticators-heading">Authenticator apps</h2>
        <FactorList />
        <TotpEnrolment />
      </Card>
      <Card as="section" aria-labelledby="passkeys-heading">
        <h2 id="passkeys-heading">Passkeys</h2>
        <p>
          A passkey is a security key, your phone or this device&apos;s screen lock. After your
          password, you confirm with it instead of typing a code.
        </p>
        <PasskeyList />
        <PasskeyEnrolment />
      </Card>
      <p>
        <Link to="/dashboard?tab=settings">Back to settings</Link>
      </p>
    </Page>
  );
}
