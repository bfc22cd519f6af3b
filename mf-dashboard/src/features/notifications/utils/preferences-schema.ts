import { z } from '@promatch/shared/validation';
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
} from '../api/preferences';

export type EmailChoice = 'now' | 'digest' | 'off';

/** One group's choices as the form shows them: in-app, and e-mail as one of three. */
const kindChoice = z.object({
  in_app: z.boolean(),
  email: z.enum(['now', 'digest', 'off']),
  /** The saved "as it happens" flag, kept as it was while e-mail is off. */
  saved_immediate: z.boolean(),
});

/** What the preferences form holds; turned into the rows the database keeps. */
export const preferencesSchema = z
  .object({
    kinds: z.record(z.enum(NOTIFICATION_KINDS), kindChoice),
    digest: z.enum(['off', 'daily', 'weekly']),
    quiet: z.boolean(),
    quietStart: z.string(),
    quietEnd: z.string(),
    timeZone: z.string().min(1),
  })
  .superRefine((form, context) => {
    if (form.quiet && (form.quietStart === '' || form.quietEnd === ''))
      context.addIssue({
        code: 'custom',
        path: ['quietEnd'],
        message: 'Quiet hours need a start and an end.',
      });
    else if (form.quiet && form.quietStart === form.quietEnd)
      context.addIssue({
        code: 'custom',
        path: ['quietEnd'],
        message: 'Quiet hours need a different start and end.',
      });
  })
  .transform((form): NotificationPreferences => ({
    kinds: Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => {
        const choice = form.kinds[kind];
        return [
          kind,
          {
            in_app: choice.in_app,
            email: choice.email !== 'off',
            email_immediate:
              choice.email === 'off' ? choice.saved_immediate : choice.email === 'now',
          },
        ];
      }),
    ) as NotificationPreferences['kinds'],
    digest: form.digest,
    quietStart: form.quiet ? form.quietStart : null,
    quietEnd: form.quiet ? form.quietEnd : null,
    timeZone: form.timeZone,
  }));
export type PreferencesFormInput = z.input<typeof preferencesSchema>;

/** The saved preferences as the form's starting values. */
export const toFormValues = (prefs: NotificationPreferences): PreferencesFormInput => ({
  kinds: Object.fromEntries(
    NOTIFICATION_KINDS.map((kind: NotificationKind) => {
      const choice = prefs.kinds[kind];
      const email: EmailChoice = !choice.email ? 'off' : choice.email_immediate ? 'now' : 'digest';
      return [kind, { in_app: choice.in_app, email, saved_immediate: choice.email_immediate }];
    }),
  ) as PreferencesFormInput['kinds'],
  digest: prefs.digest,
  quiet: prefs.quietStart !== null,
  quietStart: prefs.quietStart ?? '',
  quietEnd: prefs.quietEnd ?? '',
  timeZone: prefs.timeZone,
});
