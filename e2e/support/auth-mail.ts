import { expect } from '@playwright/test';
import { BACKEND_URL } from './users.ts';

const OUTBOX_URL = `${BACKEND_URL}/outbox?format=json`;

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  links: { label: string; url: string }[];
}

export async function outbox(): Promise<OutboxMessage[]> {
  const response = await fetch(OUTBOX_URL);
  const body = (await response.json()) as OutboxMessage[] | { messages: OutboxMessage[] };
  return Array.isArray(body) ? body : body.messages;
}

/** The action link of the newest e-mail to `address` whose link matches `type` (signup, recovery). */
export async function emailedLink(address: string, type: 'signup' | 'recovery'): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await outbox()).filter((message) => message.to.includes(address));
        found = messages
          .flatMap((message) => message.links.map((link) => link.url))
          .find((url) => url.includes(`type=${type}`));
        return found;
      },
      { timeout: 15_000, message: `a ${type} e-mail to ${address}` },
    )
    .toBeTruthy();
  return found as string;
}

/**
 * The code of a text message to `phone` (E.164) newer than `after` (an outbox id): without
 * Twilio settings the backend keeps SMS in the outbox beside e-mail, addressed to the number.
 */
export async function textedCode(phone: string, after = 0): Promise<{ id: number; code: string }> {
  let found: { id: number; code: string } | undefined;
  await expect
    .poll(
      async () => {
        const message = (await outbox()).find(
          (candidate) =>
            candidate.to === phone && candidate.subject === 'SMS' && candidate.id > after,
        );
        const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
        found = message && code ? { id: message.id, code } : undefined;
        return found;
      },
      { timeout: 15_000, message: `a text message to ${phone}` },
    )
    .toBeTruthy();
  return found as { id: number; code: string };
}
