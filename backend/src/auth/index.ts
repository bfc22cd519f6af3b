import path from 'node:path';
import type { AppContext } from '../app-context.ts';
import type { ApiHandler } from '../http/types.ts';
import { createMailer } from '../mail/create-mailer.ts';
import { createOutboxRoutes } from '../mail/outbox-handler.ts';
import { readCaptchaSettings } from './captcha.ts';
import { makeCall, type AuthServices } from './context.ts';
import { createBcryptPool } from './bcrypt-pool.ts';
import { setPasswordEngine } from './passwords.ts';
import { createSmsSender } from './phone/sms.ts';
import { loadProviders, ProviderClients } from './oauth/providers.ts';
import { createRouter } from './router.ts';
import { authRoutes } from './routes.ts';
import { loadAuthSettings } from './settings.ts';

/**
 * The GoTrue-compatible API, mounted by the server at /auth/v1. Requests arrive with the prefix
 * removed ('/token', '/user', ...). Auth-only knobs (rate limits, reuse interval) come from the
 * environment; see settings.ts.
 */
export function createAuthHandler(
  ctx: AppContext,
  env: NodeJS.ProcessEnv = process.env,
): ApiHandler {
  // backend/sql/bootstrap -> backend: where bcryptjs resolves from, whatever the cwd.
  setPasswordEngine(createBcryptPool(path.resolve(ctx.config.bootstrapSqlDir, '../..')));
  const services: AuthServices = {
    app: ctx,
    settings: loadAuthSettings(env),
    mailer: createMailer(ctx),
    captcha: readCaptchaSettings(env),
    sms: createSmsSender(ctx.db, env, ctx.config.environment),
    oauth: new ProviderClients(loadProviders(env, ctx.config.publicUrl)),
  };
  return createRouter(authRoutes, (request) => makeCall(services, request));
}

/** The local e-mail outbox (HTML for people, ?format=json for tests), mounted at /outbox. */
export function createOutboxHandler(ctx: AppContext): ApiHandler {
  return createOutboxRoutes(ctx.db);
}
