import type { AppContext } from '../app-context.ts';
import type { Mailer } from './mailer.ts';
import { createOutboxMailer } from './outbox-store.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

/** SMTP when SMTP_URL is set, otherwise the local outbox at /outbox. */
export function createMailer(ctx: AppContext): Mailer {
  return ctx.config.smtpUrl
    ? createSmtpMailer(ctx.config.smtpUrl, ctx.config.mailFrom)
    : createOutboxMailer(ctx.db, ctx.config.mailFrom);
}
