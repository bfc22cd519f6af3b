import { Route, Routes } from 'react-router-dom';
import { AdminGate } from '../features/access/components/admin-gate';
import { AnalyticsPage } from '../features/analytics/components/analytics-page';
import { AnnouncementsPage } from '../features/announcements/components/announcements-page';
import { AuditLogPage } from '../features/audit/components/audit-log-page';
import { BmsPage } from '../features/bms/components/bms-page';
import { InboxPage } from '../features/inbox/components/inbox-page';
import { NewsletterPage } from '../features/newsletter/components/newsletter-page';
import { ModerationPage } from '../features/moderation/components/moderation-page';
import { PaymentsPage } from '../features/payments/components/payments-page';
import { ManagementPage } from '../features/portal/components/management-page';
import { PortalLayout } from '../features/portal/components/portal-layout';
import { UserDetailPage } from '../features/users/components/user-detail-page';
import { UsersPage } from '../features/users/components/users-page';
import { VerificationPage } from '../features/verification/components/verification-page';

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/management"
        element={
          <AdminGate requirement={{ kind: 'admin' }}>
            <PortalLayout />
          </AdminGate>
        }
      >
        <Route index element={<ManagementPage />} />
        <Route
          path="users"
          element={
            <AdminGate requirement={{ kind: 'area', area: 'users' }}>
              <UsersPage />
            </AdminGate>
          }
        />
        <Route
          path="users/:userId"
          element={
            <AdminGate requirement={{ kind: 'area', area: 'users' }}>
              <UserDetailPage />
            </AdminGate>
          }
        />
        <Route
          path="verification"
          element={
            <AdminGate requirement={{ kind: 'area', area: 'verification' }}>
              <VerificationPage />
            </AdminGate>
          }
        />
        <Route
          path="announcements"
          element={
            <AdminGate requirement={{ kind: 'area', area: 'announcements' }}>
              <AnnouncementsPage />
            </AdminGate>
          }
        />
        <Route
          path="newsletter"
          element={
            <AdminGate requirement={{ kind: 'area', area: 'announcements' }}>
              <NewsletterPage />
            </AdminGate>
          }
        />
        <Route
          path="inbox"
          element={
            <AdminGate requirement={{ kind: 'area', area: 'inbox' }}>
              <InboxPage />
            </AdminGate>
          }
        />
        <Route
          path="moderation"
          element={
            <AdminGate requirement={{ kind: 'area', area: 'moderation' }}>
              <ModerationPage />
            </AdminGate>
          }
        />
        <Route
          path="payments"
          element={
            <AdminGate requirement={{ kind: 'area', area: 'payments' }}>
              <PaymentsPage />
            </AdminGate>
          }
        />
        <Route
          path="audit"
          element={
            <AdminGate requirement={{ kind: 'area', area: 'audit' }}>
              <AuditLogPage />
            </AdminGate>
          }
        />
        <Route
          path="analytics"
          element={
            <AdminGate requirement={{ kind: 'area', area: 'analytics' }}>
              <AnalyticsPage />
            </AdminGate>
          }
        />
        <Route
          path="bms"
          element={
            <AdminGate requirement={{ kind: 'bms' }}>
              <BmsPage />
            </AdminGate>
          }
        />
        <Route path="*" element={<ManagementPage />} />
      </Route>
    </Routes>
  );
}
