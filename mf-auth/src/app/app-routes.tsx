import { Route, Routes } from 'react-router-dom';
import { CompanyLookup } from '../features/company-lookup/components/company-lookup';
import { GetAccessPage } from '../features/lead-capture/components/get-access-page';
import { LoginPage } from '../features/login/components/login-page';
import { SecurityPage } from '../features/mfa/components/security-page';
import { ForgotPasswordPage } from '../features/password-reset/components/forgot-password-page';
import { ResetPasswordPage } from '../features/password-reset/components/reset-password-page';
import { RegisterPage } from '../features/register/components/register-page';

/** The app layer composes features: the register form gets the company lookup from here. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route
        path="/register"
        element={<RegisterPage renderCompanyLookup={(props) => <CompanyLookup {...props} />} />}
      />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/account/security" element={<SecurityPage />} />
      <Route path="/get-access" element={<GetAccessPage />} />
    </Routes>
  );
}
