import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One message the Twilio stand-in accepted. */
export interface TwilioMessage {
  accountSid: string;
  to: string;
  body: string;
  from?: string;
  messagingServiceSid?: string;
}

export interface StandIn<T> {
  url: string;
  received: T[];
  close(): Promise<void>;
}

async function serve<T>(
  handle: (request: http.IncomingMessage, body: string) => { status: number; json: unknown },
  received: T[],
): Promise<StandIn<T>> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = handle(request, Buffer.concat(chunks).toString('utf8'));
      response
        .writeHead(answer.status, { 'Content-Type': 'application/json' })
        .end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A local server speaking Twilio's Messaging API as far as sending goes: POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP basic auth (account SID and auth
 * token) and a form body (To, Body, From or MessagingServiceSid), answering 201 with the
 * message resource, or Twilio's 401 / 400 error bodies.
 */
export function startTwilioStandIn(accountSid: string, authToken: string) {
  const received: TwilioMessage[] = [];
  return serve<TwilioMessage>((request, body) => {
    const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (request.headers.authorization !== expected)
      return {
        status: 401,
        json: { code: 20003, message: 'Authenticate', more_info: '', status: 401 },
      };
    if (request.method !== 'POST' || request.url !== path)
      return {
        status: 404,
        json: { code: 20404, message: 'The requested resource was not found', status: 404 },
      };
    const form = new URLSearchParams(body);
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? undefined;
    const messagingServiceSid = form.get('MessagingServiceSid') ?? undefined;
    if (!to || !form.get('Body') || (!from && !messagingServiceSid))
      return {
        status: 400,
        json: { code: 21604, message: "A 'To' phone number is required.", status: 400 },
      };
    received.push({ accountSid, to, body: form.get('Body') ?? '', from, messagingServiceSid });
    return {
      status: 201,
      json: {
        sid: `SM${randomBytes(16).toString('hex')}`,
        account_sid: accountSid,
        to,
        from: from ?? null,
        messaging_service_sid: messagingServiceSid ?? null,
        body: form.get('Body'),
        status: 'accepted',
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: new Date().toUTCString(),
        uri: `${path.replace('.json', '')}/SM.json`,
      },
    };
  }, received);
}

/** One siteverify request the captcha stand-in got. */
export interface CaptchaCheck {
  secret: string;
  response: string;
  remoteip: string;
}

/**
 * A local siteverify endpoint as hCaptcha and Turnstile define it: a form POST of secret,
 * response and remoteip, answered `{"success": true}` for the token `passing-token` with the
 * right secret and `{"success": false, "error-codes": [...]}` otherwise.
 */
export function startCaptchaVerifier(secret: string) {
  const received: CaptchaCheck[] = [];
  return serve<CaptchaCheck>((_request, body) => {
    const form = new URLSearchParams(body);
    const check = {
      secret: form.get('secret') ?? '',
      response: form.get('response') ?? '',
      remoteip: form.get('remoteip') ?? '',
    };
    received.push(check);
    if (check.secret !== secret)
      return { status: 200, json: { success: false, 'error-codes': ['invalid-input-secret'] } };
    if (check.response !== 'passing-token')
      return { status: 200, json: { success: false, 'error-codes': ['invalid-input-response'] } };
    return { status: 200, json: { success: true, hostname: 'localhost' } };
  }, received);
}
