import { Card, Page } from '@promatch/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FactorList } from './factor-list';
import { TotpEnrolment } from './totp-enrolment';

/**
 * /account/security: two-factor authentication with an authenticator app (TOTP); the app adds
 * sections of other features (the ways to sign in) as children.
 */
export function SecurityPage({ children }: { children?: ReactNode }) {
  return (
    <Page
      heading="Account security"
      lead="Protect your account with a code from an authenticator app each time you sign in."
    >
      <Card as="section" aria-labelledby="authenticators-heading">
        <h2 id="authenticators-heading">Authenticator apps</h2>
        <FactorList />
        <TotpEnrolment />
      </Card>
      {children}
      <p>
        <Link to="/dashboard?tab=settings">Back to settings</Link>
      </p>
    </Page>
  );
}
