import { z } from './zod';

/*
 * The login and register form rules and their messages, shared by the mf-auth forms and the backend
 * functions, so the browser and the server reject the same input with the same words. This file
 * imports zod only, so a Deno function can import it by relative path.
 */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordShort: 'Password must be at least 6 characters',
  passwordWeak: 'Password must contain uppercase, lowercase, and number',
  nameRequired: 'Name is required',
  nameShort: 'Name must be at least 2 characters',
  companyRequired: 'Company name is required for business accounts',
  companyVerificationRequired: 'Company verification is required for business accounts',
  termsRequired: 'You must accept the Terms of Service and Privacy Policy',
  passwordsDiffer: 'Passwords do not match',
  totpInvalid: 'Enter the 6-digit code from your authenticator app',
} as const;

export const PASSWORD_MIN_LENGTH = 6;
export const NAME_MIN_LENGTH = 2;

export const emailField = z
  .string()
  .trim()
  .min(1, { error: AUTH_MESSAGES.emailRequired, abort: true })
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }));

/** Sign-in only checks presence and length: the server decides whether the password is right. */
export const loginSchema = z.object({
  email: emailField,
  password: z
    .string()
    .min(1, { error: AUTH_MESSAGES.passwordRequired, abort: true })
    .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordShort),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** A new password (register and reset): at least 6 characters with upper, lower and a digit. */
export const newPasswordField = z
  .string()
  .min(1, { error: AUTH_MESSAGES.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordShort)
  .regex(/(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, AUTH_MESSAGES.passwordWeak);

export const accountTypeSchema = z.enum(['professional', 'business']);
export const planTypeSchema = z.enum(['free', 'pro']);

export const registerSchema = z
  .object({
    accountType: accountTypeSchema,
    name: z
      .string()
      .trim()
      .min(1, { error: AUTH_MESSAGES.nameRequired, abort: true })
      .min(NAME_MIN_LENGTH, AUTH_MESSAGES.nameShort),
    email: emailField,
    password: newPasswordField,
    company: z.string().trim().optional(),
    selectedPlan: planTypeSchema,
    acceptTerms: z.boolean().refine((accepted) => accepted, AUTH_MESSAGES.termsRequired),
  })
  .superRefine((value, context) => {
    if (value.accountType === 'business' && !value.company) {
      context.addIssue({
        code: 'custom',
        path: ['company'],
        message: AUTH_MESSAGES.companyRequired,
      });
    }
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({ password: newPasswordField, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsDiffer,
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** A TOTP code: six digits, spaces ignored. */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, AUTH_MESSAGES.totpInvalid)),
});
export type TotpCodeInput = z.input<typeof totpCodeSchema>;
