import { embedTexts, type EmbeddingsConfig } from '@promatch/shared/embeddings';
import type { AppContext } from '../app-context.ts';

interface BacklogRow {
  kind: 'profile' | 'project';
  id: string;
  content: string;
  content_hash: string;
  source_updated_at: string;
}

/** Texts sent to the endpoint in one call. */
const BATCH = 64;
/** Calls in one pass at most, so a first run over a large marketplace is spread over ticks. */
const MAX_CALLS_PER_PASS = 20;

/**
 * One pass of the embeddings job: asks public.embedding_backlog for professional profiles and open
 * projects whose embedding is missing or whose text changed, embeds them in batches and stores
 * them with public.save_embeddings. Idempotent: unchanged text is never sent again (the backlog
 * compares a hash of it), and two instances at once only repeat a little work.
 */
export async function runEmbeddingsPass(
  ctx: Pick<AppContext, 'db'>,
  config: EmbeddingsConfig,
): Promise<{ embedded: number }> {
  let embedded = 0;
  for (let call = 0; call < MAX_CALLS_PER_PASS; call += 1) {
    const { rows } = await ctx.db.query<BacklogRow>(
      'select * from public.embedding_backlog($1, $2)',
      [config.model, BATCH / 2],
    );
    if (rows.length === 0) break;
    const vectors = await embedTexts(
      config,
      rows.map((row) => row.content),
    );
    const items = rows.map((row, i) => ({
      kind: row.kind,
      id: row.id,
      content_hash: row.content_hash,
      source_updated_at: row.source_updated_at,
      embedding: vectors[i],
    }));
    await ctx.db.query('select public.save_embeddings($1, $2::jsonb)', [
      config.model,
      JSON.stringify(items),
    ]);
    embedded += rows.length;
  }
  return { embedded };
}

/** Runs a pass every `intervalMs` until stopped; errors are logged and the next pass retries. */
export function startEmbeddingsWorker(
  ctx: Pick<AppContext, 'db'>,
  config: EmbeddingsConfig,
  intervalMs = 30_000,
): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runEmbeddingsPass(ctx, config)
      .catch((error: unknown) =>
        console.error(
          '[backend] embeddings pass failed:',
          error instanceof Error ? error.message : error,
        ),
      )
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(tick, Math.min(intervalMs, 2_000));
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
