/**
 * A business's company verification as every signed-in user may see it (business_verifications:
 * company name, number, status, date; nothing else), a subpath entry bundled into the apps that
 * show it. A business whose company is not verified cannot publish projects, write first or
 * request calls (decision 0167); professionals see the state wherever they meet a business.
 */
export {
  getBusinessVerifications,
  businessVerificationKeys,
  MAX_BUSINESSES_PER_CALL,
  type BusinessVerification,
  type BusinessVerificationStatus,
} from './business-verification-api';
export { useBusinessVerifications } from './use-business-verifications';
export { BusinessVerificationBadge, BusinessVerificationNote } from './business-verification-badge';
