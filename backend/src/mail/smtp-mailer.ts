import type { Transporter } from 'nodemailer';
import type { Mailer } from './mailer.ts';

/**
 * Sends through the SMTP server in SMTP_URL (e.g. smtp://user:pass@host:587). nodemailer is
 * loaded with the first message: loading it costs a start about 40 ms of CPU.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined;
  const getTransport = () =>
    (transport ??= import('nodemailer').then((module) => module.default.createTransport(smtpUrl)));
  return {
    kind: 'smtp',
    async send(message) {
      await (
        await getTransport()
      ).sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
  };
}
