import { Page } from '@promatch/shared';

export const ManagementPage = () => (
  <Page
    heading="Management Portal"
    lead="Users, verification, announcements and platform health, for admin and super admin users."
  />
);
