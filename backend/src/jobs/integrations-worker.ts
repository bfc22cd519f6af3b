import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { AppContext } from '../app-context.ts';
import { runWhenWoken } from './wakeable.ts';
import { TargetRefused, guardedLookup, isPrivateAddress, parseTarget } from './webhook-target.ts';

/**
 * The integrations worker: turns outbox events (public.integration_events, written by triggers)
 * into webhook deliveries and automation-rule runs, then posts the due deliveries, signed.
 * Everything it works on lives in the database, claimed with `for update skip locked` and a
 * lease, so two backends can run it side by side and a restart loses nothing: pending rows are
 * simply taken by the next pass. It wakes on NOTIFY integrations (sent by the triggers and the
 * test-send function) and also polls, for retries that come due and notifications it missed.
 */

export interface WebhookSettings {
  /** First retry after this long; each further retry waits twice as long. */
  retryBaseMs: number;
  /** A delivery is failed after this many attempts. */
  maxAttempts: number;
  /** An endpoint is turned off after this many failed attempts in a row (any deliveries). */
  disableAfter: number;
  /** How long one attempt may take. */
  timeoutMs: number;
  /** Deliver to loopback and private networks (development and tests only). */
  allowPrivateNetworks: boolean;
  /** How often to look for due work without a notification. */
  pollMs: number;
}

const readInt = (value: string | undefined, fallback: number, min: number) => {
  const parsed = value === undefined ? Number.NaN : Number.parseInt(value, 10);
  return Number.isFinite(parsed) && parsed >= min ? parsed : fallback;
};

export function loadWebhookSettings(env: NodeJS.ProcessEnv = process.env): WebhookSettings {
  return {
    retryBaseMs: readInt(env.WEBHOOK_RETRY_BASE_MS, 10_000, 1),
    maxAttempts: readInt(env.WEBHOOK_MAX_ATTEMPTS, 6, 1),
    disableAfter: readInt(env.WEBHOOK_DISABLE_AFTER, 15, 1),
    timeoutMs: readInt(env.WEBHOOK_TIMEOUT_MS, 10_000, 100),
    allowPrivateNetworks: env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS === 'true',
    pollMs: readInt(env.INTEGRATIONS_POLL_MS, 1_000, 50),
  };
}

export const SIGNATURE_HEADER = 'X-ProMatch-Signature';
export const TIMESTAMP_HEADER = 'X-ProMatch-Timestamp';

/** `v1=` + hex HMAC-SHA256 of `${timestamp}.${body}` with the endpoint's secret. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

interface Claimed {
  id: string;
  url: string;
  secret: string;
  body: string;
  attempts: number;
}

interface AttemptResult {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/** One POST: 2xx is success; anything else (status, refusal, timeout) is a failed attempt. */
export function postWebhook(
  delivery: Pick<Claimed, 'url' | 'secret' | 'body' | 'id'>,
  settings: Pick<WebhookSettings, 'timeoutMs' | 'allowPrivateNetworks'>,
): Promise<AttemptResult> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = parseTarget(delivery.url);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && !settings.allowPrivateNetworks && isPrivateAddress(host)) {
        throw new TargetRefused(`${host} is a private or local address.`);
      }
    } catch (error) {
      resolve({ ok: false, status: null, error: (error as Error).message });
      return;
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const body = Buffer.from(delivery.body, 'utf8');
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      lookup: guardedLookup(settings.allowPrivateNetworks),
      timeout: settings.timeoutMs,
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': body.length,
        'User-Agent': 'ProMatch-Webhooks/1',
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signWebhook(delivery.secret, timestamp, delivery.body),
        'X-ProMatch-Delivery': delivery.id,
      },
    });
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    request.on('response', (response) => {
      response.resume(); // the answer's body is not kept
      const status = response.statusCode ?? 0;
      const ok = status >= 200 && status < 300;
      finish({ ok, status, error: ok ? null : `The endpoint answered ${status}.` });
    });
    request.on('timeout', () => {
      request.destroy(new Error(`No answer within ${settings.timeoutMs} ms.`));
    });
    request.on('error', (error) => finish({ ok: false, status: null, error: error.message }));
    request.end(body);
  });
}

export interface PassResult {
  events: number;
  delivered: number;
  failed: number;
}

/** One pass: fan out pending events, then attempt every due delivery (in parallel, capped). */
export async function runIntegrationsPass(
  ctx: Pick<AppContext, 'db'>,
  settings: WebhookSettings,
): Promise<PassResult> {
  const { rows: processed } = await ctx.db.query<{ n: number }>(
    'select public.process_integration_events(200) as n',
  );
  const result: PassResult = { events: Number(processed[0]?.n ?? 0), delivered: 0, failed: 0 };
  const leaseSeconds = Math.ceil(settings.timeoutMs / 1000) + 30;
  for (;;) {
    const { rows } = await ctx.db.query<Claimed>(
      'select * from public.claim_webhook_deliveries($1, $2)',
      [20, leaseSeconds],
    );
    if (rows.length === 0) break;
    await Promise.all(
      rows.map(async (delivery) => {
        const attempt = await postWebhook(delivery, settings);
        await ctx.db.query('select public.record_webhook_attempt($1, $2, $3, $4, $5, $6, $7)', [
          delivery.id,
          attempt.ok,
          attempt.status,
          attempt.error,
          settings.retryBaseMs,
          settings.maxAttempts,
          settings.disableAfter,
        ]);
        if (attempt.ok) result.delivered += 1;
        else result.failed += 1;
      }),
    );
  }
  return result;
}

/**
 * Runs passes on NOTIFY integrations and every `pollMs` until stopped. A notification during a
 * pass asks for one more pass straight after, so nothing waits for the next poll.
 */
export function startIntegrationsWorker(
  ctx: AppContext,
  settings: WebhookSettings = loadWebhookSettings(),
): () => void {
  return runWhenWoken(ctx.db, {
    label: 'integrations pass',
    channel: 'integrations',
    intervalMs: settings.pollMs,
    pass: () => runIntegrationsPass(ctx, settings),
  });
}
