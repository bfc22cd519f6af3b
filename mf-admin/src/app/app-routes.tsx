import { Route, Routes } from 'react-router-dom';
import { AdminGate } from '../features/access/admin-gate';
import { AnalyticsPage } from '../features/analytics/analytics-page';
import { AnnouncementsPage } from '../features/announcements/announcements-page';
import { AuditLogPage } from '../features/audit/audit-log-page';
import { BmsPage } from '../features/bms/bms-page';
import { InboxPage } from '../features/inbox/inbox-page';
import { ModerationPage } from '../features/moderation/moderation-page';
import { ManagementPage } from '../features/portal/management-page';
import { PortalLayout } from '../features/portal/portal-layout';
import { UserDetailPage } from '../features/users/user-detail-page';
import { UsersPage } from '../features/users/users-page';
import { VerificationPage } from '../features/verification/verification-page';

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
