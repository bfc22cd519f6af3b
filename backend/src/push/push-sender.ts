import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import webpush from 'web-push';
import type { AppContext } from '../app-context.ts';
import { runWhenWoken } from '../jobs/wakeable.ts';
import {
  TargetRefused,
  guardedLookup,
  isPrivateAddress,
  parseTarget,
} from '../jobs/webhook-target.ts';
import { loadVapidKeys, type VapidKeys } from './vapid.ts';

/**
 * The push sender: posts each due public.push_deliveries row (queued by a trigger for every in-app
 * notification, one per subscribed device) to the device's push service, encrypted to the
 * browser's keys (RFC 8291, aes128gcm) and signed with the server's VAPID key, both by the
 * `web-push` package. Work is claimed in the database with `for update skip locked` and a lease,
 * so two backends can run it and a restart loses nothing. It wakes on NOTIFY push (sent by the
 * trigger) and also polls, for retries and quiet hours that end. docs/decisions/0186.
 */

export interface PushSettings {
  /** First retry after this long; each further retry waits twice as long. */
  retryBaseMs: number;
  /** A delivery is failed after this many attempts. */
  maxAttempts: number;
  /** How long one attempt may take. */
  timeoutMs: number;
  /** How long a message waits at the push service for an offline device (TTL header, seconds). */
  ttlSeconds: number;
  /** How often to look for due work without a notification. */
  pollMs: number;
  /**
   * The push services endpoints may point at (a host, or a suffix starting with a dot). A browser
   * writes its endpoint, so without this list the server would post wherever a user asked.
   */
  allowedHosts: string[];
  /** Post to loopback and private networks, and over plain http (development and tests only). */
  allowPrivateNetworks: boolean;
}

/**
 * The browsers' push services: Chrome (Firebase Cloud Messaging), Firefox (Mozilla autopush),
 * Safari (Apple) and Edge (Windows Push Notification Services). The privacy policy names them.
 */
export const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
];

const readInt = (value: string | undefined, fallback: number, min: number) => {
  const parsed = value === undefined ? Number.NaN : Number.parseInt(value, 10);
  return Number.isFinite(parsed) && parsed >= min ? parsed : fallback;
};

export function loadPushSettings(env: NodeJS.ProcessEnv = process.env): PushSettings {
  const hosts = (env.PUSH_SERVICE_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  return {
    retryBaseMs: readInt(env.PUSH_RETRY_BASE_MS, 10_000, 1),
    maxAttempts: readInt(env.PUSH_MAX_ATTEMPTS, 5, 1),
    timeoutMs: readInt(env.PUSH_TIMEOUT_MS, 10_000, 100),
    ttlSeconds: readInt(env.PUSH_TTL_SECONDS, 24 * 3600, 0),
    pollMs: readInt(env.PUSH_POLL_MS, 1_000, 50),
    allowedHosts: hosts.length > 0 ? hosts : DEFAULT_PUSH_HOSTS,
    allowPrivateNetworks: env.PUSH_ALLOW_PRIVATE_NETWORKS === 'true',
  };
}

/** What the service worker receives (shell/public/sw.js shows it). */
export interface PushPayload {
  title: string;
  body: string;
  /** Opened on click: a path on the site, or an absolute URL. */
  url: string;
  /** Replaces an earlier push about the same notification. */
  tag: string;
}

interface Claimed {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  attempts: number;
  notification_id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
}

export interface AttemptResult {
  ok: boolean;
  status: number | null;
  error: string | null;
}

function hostAllowed(host: string, allowed: string[]): boolean {
  const name = host.toLowerCase();
  return allowed.some((entry) =>
    entry.startsWith('.') ? name.endsWith(entry) && name.length > entry.length : name === entry,
  );
}

/** The payload for one notification; the link is made absolute on the site. */
export function pushPayload(
  row: Pick<Claimed, 'notification_id' | 'title' | 'body' | 'link'>,
  siteUrl: string,
): PushPayload {
  const site = siteUrl.replace(/\/$/, '');
  const link =
    row.link && row.link.startsWith('/') && !row.link.startsWith('//') ? row.link : '/dashboard';
  return {
    title: row.title,
    body: row.body.length > 300 ? `${row.body.slice(0, 299)}…` : row.body,
    url: `${site}${link}`,
    tag: `notification-${row.notification_id}`,
  };
}

/**
 * One push: web-push builds the request (encrypted body, VAPID Authorization, TTL) and it is sent
 * here, so the endpoint is checked against the allowed push services and the connection refuses
 * private addresses, as webhooks do. 2xx (201 from real push services) is success.
 */
export function sendPush(
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
  vapid: VapidKeys,
  settings: Pick<
    PushSettings,
    'timeoutMs' | 'ttlSeconds' | 'allowedHosts' | 'allowPrivateNetworks'
  >,
): Promise<AttemptResult> {
  return new Promise((resolve) => {
    let url: URL;
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      url = parseTarget(subscription.endpoint);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (!hostAllowed(host, settings.allowedHosts)) {
        throw new TargetRefused(`${host} is not a known push service.`);
      }
      if (!settings.allowPrivateNetworks) {
        if (url.protocol !== 'https:')
          throw new TargetRefused('Push services are reached over https.');
        if (isIP(host) && isPrivateAddress(host)) {
          throw new TargetRefused(`${host} is a private or local address.`);
        }
      }
      details = webpush.generateRequestDetails(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        JSON.stringify(payload),
        {
          vapidDetails: vapid,
          TTL: settings.ttlSeconds,
          urgency: 'high',
          contentEncoding: 'aes128gcm',
        },
      );
    } catch (error) {
      resolve({ ok: false, status: null, error: (error as Error).message });
      return;
    }
    const body = details.body ? Buffer.from(details.body) : Buffer.alloc(0);
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: details.method,
      lookup: guardedLookup(settings.allowPrivateNetworks),
      timeout: settings.timeoutMs,
      headers: { ...details.headers, 'Content-Length': body.length },
    });
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    request.on('response', (response) => {
      response.resume();
      const status = response.statusCode ?? 0;
      const ok = status >= 200 && status < 300;
      finish({ ok, status, error: ok ? null : `The push service answered ${status}.` });
    });
    request.on('timeout', () =>
      request.destroy(new Error(`No answer within ${settings.timeoutMs} ms.`)),
    );
    request.on('error', (error) => finish({ ok: false, status: null, error: error.message }));
    request.end(body);
  });
}

export interface PushPassResult {
  sent: number;
  expired: number;
  failed: number;
}

/** One pass: claims due deliveries, in batches, and sends each batch in parallel. */
export async function runPushPass(
  ctx: Pick<AppContext, 'db' | 'config'>,
  vapid: VapidKeys,
  settings: PushSettings,
): Promise<PushPassResult> {
  const result: PushPassResult = { sent: 0, expired: 0, failed: 0 };
  const leaseSeconds = Math.ceil(settings.timeoutMs / 1000) + 30;
  for (;;) {
    const { rows } = await ctx.db.query<Claimed>(
      `select id::text as id, endpoint, p256dh, auth, attempts, notification_id::text as notification_id,
         kind, title, body, link
       from public.claim_push_deliveries($1, $2)`,
      [50, leaseSeconds],
    );
    if (rows.length === 0) break;
    await Promise.all(
      rows.map(async (row) => {
        const attempt = await sendPush(row, pushPayload(row, ctx.config.siteUrl), vapid, settings);
        const { rows: outcome } = await ctx.db.query<{ outcome: string }>(
          'select public.record_push_attempt($1, $2, $3, $4, $5, $6) as outcome',
          [
            row.id,
            attempt.ok,
            attempt.status,
            attempt.error,
            settings.retryBaseMs,
            settings.maxAttempts,
          ],
        );
        const what = outcome[0]?.outcome;
        if (what === 'sent') result.sent += 1;
        else if (what === 'expired') result.expired += 1;
        else result.failed += 1;
      }),
    );
  }
  return result;
}

/**
 * Loads the VAPID keys, then runs passes on NOTIFY push and every `pollMs` until stopped. A
 * notification during a pass asks for one more pass straight after. WEB_PUSH=off runs nothing
 * (another process sends, or push is not wanted).
 */
export function startPushSender(
  ctx: AppContext,
  settings: PushSettings = loadPushSettings(),
): () => void {
  let stopped = false;
  let stopJob: (() => void) | undefined;
  loadVapidKeys(ctx.db, ctx.config.siteUrl)
    .then((vapid) => {
      if (stopped) return;
      stopJob = runWhenWoken(ctx.db, {
        label: 'push pass',
        channel: 'push',
        intervalMs: settings.pollMs,
        pass: () => runPushPass(ctx, vapid, settings),
      });
    })
    .catch((error: unknown) => console.error('[backend] push sender not started:', error));
  return () => {
    stopped = true;
    stopJob?.();
  };
}
