import twilio from 'twilio';
import type { Queryable } from '../../db/types.ts';

/** One text message to one E.164 number. */
export interface SmsMessage {
  to: string;
  body: string;
}

/** Where SMS goes: Twilio's Messaging API when configured, otherwise the local outbox. */
export interface SmsSender {
  readonly kind: 'twilio' | 'outbox';
  send(message: SmsMessage): Promise<void>;
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A Messaging Service SID (MG…) or a sender number. */
  sender: string;
  /** Another base URL for Twilio's API (tests point it at a local server). */
  apiUrl?: string;
}

/** TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_MESSAGE_SERVICE_SID or TWILIO_FROM_NUMBER. */
export function readTwilioSettings(env: NodeJS.ProcessEnv): TwilioSettings | null {
  const accountSid = env.TWILIO_ACCOUNT_SID?.trim();
  const authToken = env.TWILIO_AUTH_TOKEN?.trim();
  const sender = (env.TWILIO_MESSAGE_SERVICE_SID || env.TWILIO_FROM_NUMBER)?.trim();
  if (!accountSid || !authToken || !sender) return null;
  return { accountSid, authToken, sender, apiUrl: env.TWILIO_API_URL?.trim() || undefined };
}

/**
 * The official client's own HTTP client with Twilio's hosts replaced by `apiUrl`: the
 * library's documented extension point, so everything else (auth, form encoding, errors) is
 * the library's.
 */
class RedirectingRequestClient extends twilio.RequestClient {
  constructor(private readonly apiUrl: string) {
    super();
  }

  override request<TData>(opts: Parameters<twilio.RequestClient['request']>[0] & { data?: TData }) {
    const uri = new URL(opts.uri);
    const base = new URL(this.apiUrl);
    uri.protocol = base.protocol;
    uri.host = base.host;
    return super.request<TData>({ ...opts, uri: uri.toString() });
  }
}

/** Sends through POST /2010-04-01/Accounts/{sid}/Messages.json with the `twilio` package. */
export function createTwilioSender(settings: TwilioSettings): SmsSender {
  const client = twilio(settings.accountSid, settings.authToken, {
    httpClient: settings.apiUrl ? new RedirectingRequestClient(settings.apiUrl) : undefined,
  });
  const viaService = /^MG[0-9a-f]{32}$/i.test(settings.sender);
  return {
    kind: 'twilio',
    async send({ to, body }) {
      await client.messages.create(
        viaService
          ? { to, body, messagingServiceSid: settings.sender }
          : { to, body, from: settings.sender },
      );
    },
  };
}

/**
 * Development mode: the message is kept in the e-mail outbox (auth.outbox, shown at /outbox),
 * addressed to the number, so the whole flow runs on one machine.
 */
export function createOutboxSmsSender(db: Queryable): SmsSender {
  return {
    kind: 'outbox',
    async send({ to, body }) {
      await db.query(
        `insert into auth.outbox (mail_from, mail_to, subject, text_body, html_body, links)
         values ('SMS', $1, 'SMS', $2, '', '[]'::jsonb)`,
        [to, body],
      );
    },
  };
}

/**
 * Twilio when configured; the outbox in development; none in production without Twilio (the
 * outbox is development-only), where phone factors are then refused.
 */
export function createSmsSender(
  db: Queryable,
  env: NodeJS.ProcessEnv,
  environment: 'development' | 'production',
): SmsSender | null {
  const settings = readTwilioSettings(env);
  if (settings) return createTwilioSender(settings);
  return environment === 'production' ? null : createOutboxSmsSender(db);
}
