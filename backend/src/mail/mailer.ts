/** One outgoing e-mail. `links` are the actionable URLs, kept apart so the outbox can list them. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: { label: string; url: string }[];
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** Where e-mail goes: SMTP in deployments, the database outbox in local development. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}
