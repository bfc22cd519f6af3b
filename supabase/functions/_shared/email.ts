import { z } from 'zod';

export const invalidEmailMessage = 'Please enter a valid email address';

/** An e-mail address as the product stores it: trimmed, lower-cased, at most 320 characters. */
export const emailSchema = z
  .string({ error: invalidEmailMessage })
  .trim()
  .toLowerCase()
  .max(320, invalidEmailMessage)
  .pipe(z.email({ error: invalidEmailMessage }));

/** The newsletter-signup body: `{ email, source? }`. */
export const newsletterSignupSchema = z.object({
  email: emailSchema,
  source: z.string().trim().min(1).max(100).optional(),
});

export type NewsletterSignup = z.infer<typeof newsletterSignupSchema>;
