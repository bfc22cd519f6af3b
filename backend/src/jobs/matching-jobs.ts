import { embeddingsConfigFrom } from '@promatch/shared/embeddings';
import type { AppContext } from '../app-context.ts';
import { loadFunction } from '../functions/loader.ts';
import { startEmbeddingsWorker } from './embeddings-worker.ts';
import { startMatchNotificationsWorker } from './match-notifications-worker.ts';

/**
 * Matching's background work: queued match notifications are written as soon as publishing
 * queues them (and every minute for early-access windows that end); and, only when an embeddings endpoint is configured
 * (EMBEDDINGS_URL, EMBEDDINGS_API_KEY, EMBEDDINGS_MODEL), profiles and open projects are embedded
 * as they are created or change (EMBEDDINGS_INTERVAL_MS, default 30 s). Also loads the
 * match-professionals function ahead of its first request. Returns one stop function.
 */
export function startMatchingJobs(ctx: AppContext): () => void {
  // /ai-matching ranks through the match-professionals function: compile it now, not on the
  // first visitor's request (a cold load took over a second in e2e/specs/matching)
  loadFunction(ctx.config.functionsDir, 'match-professionals').catch((error: unknown) =>
    console.error('[backend] loading match-professionals failed:', error),
  );
  const stopNotifications = startMatchNotificationsWorker(ctx);
  const embeddings = embeddingsConfigFrom((name) => process.env[name]);
  const interval = Number.parseInt(process.env.EMBEDDINGS_INTERVAL_MS ?? '', 10);
  const stopEmbeddings = embeddings
    ? startEmbeddingsWorker(ctx, embeddings, interval > 0 ? interval : undefined)
    : () => undefined;
  return () => {
    stopNotifications();
    stopEmbeddings();
  };
}
