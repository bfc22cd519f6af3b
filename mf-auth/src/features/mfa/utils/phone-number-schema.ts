import { z } from '@promatch/shared/validation';
import { toE164 } from '../../../lib/uk-phone';

/** A UK (or international) mobile number as typed, checked and sent as E.164. */
export const phoneNumberSchema = z.object({
  phone: z.string().transform(async (typed, context) => {
    const e164 = await toE164(typed);
    if (e164) return e164;
    context.addIssue({
      code: 'custom',
      message: 'Please enter a valid UK mobile number, for example 07911 123456.',
    });
    return z.NEVER;
  }),
});
export type PhoneNumberInput = z.input<typeof phoneNumberSchema>;
