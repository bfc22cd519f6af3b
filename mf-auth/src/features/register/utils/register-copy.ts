import { type AccountType } from '@promatch/shared';
import { findServiceCategory } from '@promatch/shared/categories';

export const REGISTRATION_SUCCESS =
  'Registration successful! Please check your email for confirmation.';

/**
 * Sign-up answers alike whether or not the address already has an account (so it cannot be used
 * to find out who is registered); the owner of an existing account gets an e-mail saying so.
 */
export const EXISTING_ACCOUNT_HINT =
  'If this address already has a ProMatch account, the email tells you how to sign in instead.';

/** The welcome message naming the product, with variants by service and for professionals. */
export function welcomeMessage(serviceSlug: string | null, accountType: AccountType): string {
  const category = serviceSlug ? findServiceCategory(serviceSlug) : undefined;
  if (category) {
    return `Welcome to ProMatch! Confirm your email to start finding ${category.name} professionals.`;
  }
  if (accountType === 'professional') {
    return 'Welcome to ProMatch! Confirm your email to set up your professional profile and start winning projects.';
  }
  return 'Welcome to ProMatch! Confirm your email to start finding the right professionals for your business.';
}

/** The submit-time list of problems, shown in the errors box and the toast on submit. */
export function submitErrors(values: {
  name: string;
  email: string;
  password: string;
  accountType: AccountType;
  hasCompany: boolean;
}): string[] {
  const errors: string[] = [];
  if (!values.name.trim()) errors.push('Name is required');
  if (!values.email.trim()) errors.push('Email is required');
  if (!values.password) errors.push('Password is required');
  else if (values.password.length < 6) errors.push('Password must be at least 6 characters');
  if (values.accountType === 'business' && !values.hasCompany) {
    errors.push('Company verification is required for business accounts');
  }
  return errors;
}
