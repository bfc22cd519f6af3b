import type { CompanyVerifyResponse } from '@promatch/shared/validation';
import { useMutation } from '@tanstack/react-query';
import { invokeVerifyCompany } from './invoke-verify-company';

export const verifyCompany = (companyNumber: string) =>
  invokeVerifyCompany<CompanyVerifyResponse>({ action: 'verify', company_number: companyNumber });

export const useVerifyCompany = () => useMutation({ mutationFn: verifyCompany, retry: false });
