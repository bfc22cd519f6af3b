import Stripe from 'stripe';
import { env } from './env.ts';

/** The payment provider as the payments functions use it: the official client and its webhook secret. */
export interface Provider {
  stripe: Stripe;
  webhookSecret: string;
  /** True for the local test provider the development backend serves (no keys set). */
  local: boolean;
}

let cached: { signature: string; provider: Provider | null } | undefined;

/**
 * With STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, Stripe itself. Without them, the local test
 * provider when the development backend serves one (it sets STRIPE_LOCAL_API_URL and its keys):
 * the same client, pointed there by host, port and protocol. Otherwise null: payments are off.
 * The secret key stays on the server; no function ever returns it.
 */
export function paymentProvider(): Provider | null {
  const secret = env('STRIPE_SECRET_KEY');
  const webhookSecret = env('STRIPE_WEBHOOK_SECRET');
  const localUrl = env('STRIPE_LOCAL_API_URL');
  const localKey = env('STRIPE_LOCAL_SECRET_KEY');
  const localWebhookSecret = env('STRIPE_LOCAL_WEBHOOK_SECRET');
  const signature = [secret, webhookSecret, localUrl, localKey, localWebhookSecret].join('|');
  if (cached?.signature === signature) return cached.provider;
  let provider: Provider | null = null;
  if (secret && webhookSecret) {
    provider = {
      stripe: new Stripe(secret, { maxNetworkRetries: 2, appInfo: { name: 'ProMatch' } }),
      webhookSecret,
      local: false,
    };
  } else if (!secret && localUrl && localKey && localWebhookSecret) {
    const url = new URL(localUrl);
    provider = {
      stripe: new Stripe(localKey, {
        host: url.hostname,
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        protocol: url.protocol === 'https:' ? 'https' : 'http',
        maxNetworkRetries: 2,
        appInfo: { name: 'ProMatch' },
      }),
      webhookSecret: localWebhookSecret,
      local: true,
    };
  }
  cached = { signature, provider };
  return provider;
}
