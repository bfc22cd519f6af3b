import { Card, Page, type AdminArea } from '@promatch/shared';
import type { ReactNode } from 'react';
import { AREA_LABELS } from '../../../lib/areas';
import { useAdminCheck } from '@promatch/shared/admin';

export const ACCESS_DENIED = 'Access denied';
export const NO_ADMIN_PRIVILEGES = 'No admin privileges';
export const BMS_REQUIRES_SUPER_ADMIN = 'BMS access requires super admin privileges';

function Denied({ reason }: { reason: string }) {
  return (
    <Page heading={ACCESS_DENIED} title="Access denied">
      <Card role="alert">
        <p>{reason}</p>
        <p>
          <a href="/dashboard">Back to your dashboard</a>
        </p>
      </Card>
    </Page>
  );
}

type Requirement = { kind: 'admin' } | { kind: 'area'; area: AdminArea } | { kind: 'bms' };

/**
 * The portal's door: an active admin record for the portal, the area's permission for each area,
 * super_admin for the bms area. The database checks the same again on every read and write.
 */
export function AdminGate({
  requirement,
  children,
}: {
  requirement: Requirement;
  children: ReactNode;
}) {
  const check = useAdminCheck();
  if (!check.signedIn) return <Denied reason={NO_ADMIN_PRIVILEGES} />;
  if (check.isPending) {
    return (
      <Page heading="Management Portal">
        <p role="status">Checking your admin access…</p>
      </Page>
    );
  }
  const admin = check.data;
  if (!admin?.isAdmin) return <Denied reason={NO_ADMIN_PRIVILEGES} />;
  if (requirement.kind === 'bms' && !admin.isSuperAdmin) {
    return <Denied reason={BMS_REQUIRES_SUPER_ADMIN} />;
  }
  if (requirement.kind === 'area' && !admin.areas.includes(requirement.area)) {
    return <Denied reason={`${NO_ADMIN_PRIVILEGES} for ${AREA_LABELS[requirement.area]}`} />;
  }
  return children;
}
