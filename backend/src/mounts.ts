import type { AppContext } from './app-context.ts';
import { createAuthHandler, createOutboxHandler } from './auth/index.ts';
import { malformedAuth } from './auth/errors.ts';
import { createFunctionsHandler, malformedFunctions } from './functions/handler.ts';
import { malformedOutbox } from './mail/outbox-handler.ts';
import { malformedRealtimeApi } from './realtime/http-api.ts';
import type { Realtime } from './realtime/index.ts';
import { malformedBeacon } from './realtime/presence-beacon.ts';
import { malformedRest } from './rest/errors.ts';
import { createRestGateway } from './rest/handler.ts';
import { createLocalStripe } from './payments/local-stripe.ts';
import type { Mount } from './server.ts';
import { malformedStorage } from './storage/errors.ts';
import { createStorageHandler } from './storage/handler.ts';

/**
 * Every HTTP API surface with its prefix and its own error shape for malformed input (a body
 * over the limit, bad JSON, a bad `%`-escape). Realtime's WebSocket endpoint
 * (/realtime/v1/websocket) is an upgrade, attached to the server by realtime.attach in main.ts.
 */
export async function createMounts(ctx: AppContext, realtime: Realtime): Promise<Mount[]> {
  const rest = await createRestGateway(ctx);
  const mounts: Mount[] = [
    { prefix: '/rest/v1', handler: rest.handler, malformed: malformedRest },
    { prefix: '/auth/v1', handler: createAuthHandler(ctx), malformed: malformedAuth },
    {
      prefix: '/functions/v1',
      handler: createFunctionsHandler(ctx),
      malformed: malformedFunctions,
    },
    {
      prefix: '/storage/v1',
      handler: createStorageHandler(ctx),
      // Uploads are read whole; bucket limits (at most this) answer 413 in storage-api's shape.
      maxBodyBytes: ctx.config.storageMaxUploadBytes + 64 * 1024,
      malformed: malformedStorage,
    },
    { prefix: '/realtime/v1/api', handler: realtime.api, malformed: malformedRealtimeApi },
    {
      prefix: '/api/update-presence-offline',
      handler: realtime.presenceBeacon,
      malformed: malformedBeacon,
    },
  ];
  const stripeKey = process.env.STRIPE_LOCAL_SECRET_KEY;
  const stripeWebhookSecret = process.env.STRIPE_LOCAL_WEBHOOK_SECRET;
  const stripeApiUrl = process.env.STRIPE_LOCAL_API_URL;
  // The local payment provider: development without STRIPE_SECRET_KEY only (main.ts sets these).
  if (
    ctx.config.environment === 'development' &&
    stripeKey &&
    stripeWebhookSecret &&
    stripeApiUrl
  ) {
    const local = createLocalStripe({
      secretKey: stripeKey,
      webhookSecret: stripeWebhookSecret,
      webhookUrl: `${stripeApiUrl}/functions/v1/stripe-webhook`,
      publicUrl: ctx.config.publicUrl,
      dataDir: ctx.config.dataDir,
    });
    mounts.push(
      { prefix: '/v1', handler: local.api, malformed: malformedRest },
      { prefix: '/stripe-local', handler: local.pages, malformed: malformedRest },
    );
  }
  // The outbox lists every e-mail, password-reset links included, to anyone: a development tool
  // (like Supabase's Inbucket), never mounted in production (decision 0146).
  if (ctx.config.environment === 'development')
    mounts.push({
      prefix: '/outbox',
      handler: createOutboxHandler(ctx),
      malformed: malformedOutbox,
    });
  return mounts;
}
