import { Card, Page } from '@promatch/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FactorList } from './factor-list';
import { PasskeyEnrolment } from './passkey-enrolment';
import { PasskeyList } from './passkey-list';
import { PhoneEnrolment } from './phone-enrolment';
import { TotpEnrolment } from './totp-enrolment';

/**
 * /account/security: two-factor authentication with an authenticator app (TOTP), a phone or a
 * passkey; the app adds sections of other features (the ways to sign in) as children.
 */
export function SecurityPage({ children }: { children?: ReactNode }) {
  return (
    <Page
      heading="Account security"
      lead="Protect your account with a second step each time you sign in: a code from an authenticator app or texted to your phone, or a passkey."
    >
      <Card as="section" aria-labelledby="factors-heading">
        <h2 id="factors-heading">Your second factors</h2>
        <FactorList />
      </Card>
      <Card as="section" aria-labelledby="authenticators-heading">
        <h2 id="authenticators-heading">Authenticator apps</h2>
        <TotpEnrolment />
      </Card>
      <Card as="section" aria-labelledby="phone-heading">
        <h2 id="phone-heading">Text message</h2>
        <p>Get a 6-digit code by text message to your mobile when you sign in.</p>
        <PhoneEnrolment />
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
      {children}
      <p>
        <Link to="/dashboard?tab=settings">Back to settings</Link>
      </p>
    </Page>
  );
}
