import { z } from 'zod';
import {
  embedTexts,
  embeddingsConfigFrom,
  type EmbeddingsConfig,
} from '@promatch/shared/embeddings';
import { env, serveOnDeno } from '../_shared/env.ts';
import { answerIfNotPost, json, readJson } from '../_shared/http.ts';
import { supabaseAdmin } from '../_shared/supabase-admin.ts';
import { TtlCache } from '../_shared/ttl-cache.ts';

const words = z.array(z.string().max(100, 'Each word or skill is 100 characters at most.')).max(20);

/** The arguments of public.match_professionals as the dashboard builds them (toMatchArgs). */
const argsSchema = z
  .object({
    p_keywords: words.optional(),
    p_categories: words.optional(),
    p_skills: words.optional(),
    p_must_have: words.optional(),
    p_context: words.optional(),
    p_towns: z.array(z.string().max(100)).max(50).optional(),
    p_nearby: z.array(z.string().max(100)).max(200).optional(),
    p_distance_km: z
      .record(z.string().max(100), z.number().min(0).max(2000))
      .refine((distances) => Object.keys(distances).length <= 500, {
        message: 'Distances for 500 towns at most.',
      })
      .optional(),
    p_remote: z.boolean().optional(),
    p_budget_hourly: z.number().int().min(0).max(100_000).optional(),
    p_budget_approximate: z.boolean().optional(),
    p_budget_unit: z.enum(['hour', 'day']).optional(),
    p_seniority: z.enum(['junior', 'mid', 'senior', 'lead']).optional(),
    p_start_soon: z.boolean().optional(),
    p_verified_only: z.boolean().optional(),
    p_limit: z.number().int().min(1).max(50).optional(),
  })
  .strict();

const bodySchema = z
  .object({
    args: argsSchema,
    /** The plain-English request (or a project's title and description), embedded when configured. */
    text: z.string().max(5000, 'The request is 5,000 characters at most.').optional(),
  })
  .strict();

/** Query embeddings for the same text (the page re-asks as filters change) are reused a while. */
const queryVectors = new TtlCache<number[]>(10 * 60_000, 1000);

/** The request's vector, or undefined when embeddings are off or the endpoint fails. */
async function embedQuery(
  config: EmbeddingsConfig | undefined,
  text: string | undefined,
): Promise<number[] | undefined> {
  const trimmed = text?.trim().replace(/\s+/g, ' ');
  if (!config || !trimmed) return undefined;
  const key = `${config.model}\n${trimmed}`;
  const cached = queryVectors.get(key);
  if (cached) return cached;
  try {
    const [vector] = await embedTexts({ ...config, timeoutMs: Math.min(config.timeoutMs, 3000) }, [
      trimmed,
    ]);
    queryVectors.set(key, vector);
    return vector;
  } catch (error) {
    // semantic similarity is a refinement: without it the ranking is the lexical one
    console.error('[match-professionals] embedding the request failed:', error);
    return undefined;
  }
}

/**
 * POST { args, text? } -> match_professionals' { total, items }. When an OpenAI-compatible
 * embeddings endpoint is configured (EMBEDDINGS_URL, EMBEDDINGS_API_KEY, EMBEDDINGS_MODEL), the
 * text is embedded here, on the server, so the key never reaches the browser, and the vector joins
 * the ranking as its semantic component; otherwise the ranking is lexical.
 */
export default async function handler(request: Request): Promise<Response> {
  const notPost = answerIfNotPost(request);
  if (notPost) return notPost;
  const parsed = bodySchema.safeParse(await readJson(request));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return json(400, { error: `${where}${issue?.message ?? 'Send { args, text }.'}` });
  }
  const config = embeddingsConfigFrom(env);
  const vector = await embedQuery(config, parsed.data.text);
  const { data, error } = await supabaseAdmin().rpc('match_professionals', {
    ...parsed.data.args,
    ...(vector && config ? { p_embedding: vector, p_embedding_model: config.model } : {}),
  });
  if (error) {
    if (error.code === '22023') return json(400, { error: error.message });
    console.error('[match-professionals] ranking failed:', error);
    return json(500, { error: 'Matching failed; please try again.' });
  }
  return json(200, data);
}

serveOnDeno(handler);
