import { Route, Routes } from 'react-router-dom';
import { ManagementPage } from '../features/portal/management-page';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/management/*" element={<ManagementPage />} />
    </Routes>
  );
}
