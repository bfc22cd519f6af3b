import type { AppContext } from './app-context.ts';
import { createAuthHandler, createOutboxHandler } from './auth/index.ts';
import { createFunctionsHandler } from './functions/handler.ts';
import { createRestGateway } from './rest/handler.ts';
import type { Mount } from './server.ts';
import { createStorageHandler } from './storage/handler.ts';

const tooLargeMessage = 'Request body is larger than the server accepts';

/** Every API surface with its prefix and its own error shape for an oversized body (413). */
export async function createMounts(ctx: AppContext): Promise<Mount[]> {
  const rest = await createRestGateway(ctx);
  return [
    {
      prefix: '/rest/v1',
      handler: rest.handler,
      tooLarge: {
        status: 413,
        body: { code: 'PGRST413', details: null, hint: null, message: tooLargeMessage },
      },
    },
    {
      prefix: '/auth/v1',
      handler: createAuthHandler(ctx),
      tooLarge: {
        status: 413,
        headers: { 'X-Supabase-Api-Version': '2024-01-01' },
        body: { code: 'request_too_large', message: tooLargeMessage },
      },
    },
    {
      prefix: '/functions/v1',
      handler: createFunctionsHandler(ctx),
      tooLarge: { status: 413, body: { code: 'request_too_large', message: tooLargeMessage } },
    },
    {
      prefix: '/storage/v1',
      handler: createStorageHandler(ctx),
      // Uploads are read whole; bucket limits (at most this) answer 413 in storage-api's shape.
      maxBodyBytes: ctx.config.storageMaxUploadBytes + 64 * 1024,
      tooLarge: {
        status: 413,
        body: { statusCode: '413', error: 'Payload too large', message: tooLargeMessage },
      },
    },
    {
      prefix: '/outbox',
      handler: createOutboxHandler(ctx),
      tooLarge: { status: 413, body: { message: tooLargeMessage } },
    },
  ];
}
