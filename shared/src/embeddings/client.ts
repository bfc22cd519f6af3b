/**
 * A client for any OpenAI-compatible embeddings endpoint (`POST .../v1/embeddings`), used by the
 * backend's embeddings job and the match-professionals function. Server-side only: the key comes
 * from the environment and must never reach a browser, so nothing exports this to the apps.
 */

export interface EmbeddingsConfig {
  /** The full endpoint, e.g. https://api.openai.com/v1/embeddings. */
  url: string;
  /** Sent as `Authorization: Bearer <key>`; a local server may need none. */
  apiKey: string | undefined;
  model: string;
  /** How long one call may take before it is given up. */
  timeoutMs: number;
}

/** The model asked for when EMBEDDINGS_MODEL is not set. */
export const DEFAULT_EMBEDDINGS_MODEL = 'text-embedding-3-small';

/** The longest text sent for one input; longer profiles are cut (about 2,000 tokens). */
export const MAX_EMBEDDING_INPUT_CHARS = 8_000;

/**
 * The configuration from EMBEDDINGS_URL, EMBEDDINGS_API_KEY, EMBEDDINGS_MODEL and
 * EMBEDDINGS_TIMEOUT_MS; undefined when EMBEDDINGS_URL is not set (matching stays lexical).
 */
export function embeddingsConfigFrom(
  read: (name: string) => string | undefined,
): EmbeddingsConfig | undefined {
  const url = read('EMBEDDINGS_URL')?.trim();
  if (!url) return undefined;
  const timeout = Number.parseInt(read('EMBEDDINGS_TIMEOUT_MS') ?? '', 10);
  return {
    url,
    apiKey: read('EMBEDDINGS_API_KEY')?.trim() || undefined,
    model: read('EMBEDDINGS_MODEL')?.trim() || DEFAULT_EMBEDDINGS_MODEL,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 10_000,
  };
}

interface EmbeddingsResponse {
  data?: { embedding?: unknown; index?: unknown }[];
}

/** One vector per input, in the order given. Throws on an HTTP error or a malformed answer. */
export async function embedTexts(config: EmbeddingsConfig, inputs: string[]): Promise<number[][]> {
  if (inputs.length === 0) return [];
  const response = await fetch(config.url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: config.model,
      input: inputs.map((text) => text.slice(0, MAX_EMBEDDING_INPUT_CHARS)),
    }),
    signal: AbortSignal.timeout(config.timeoutMs),
  });
  if (!response.ok) {
    throw new Error(`embeddings endpoint answered ${response.status}`);
  }
  const body = (await response.json()) as EmbeddingsResponse;
  const rows = Array.isArray(body.data) ? body.data : [];
  const vectors: number[][] = new Array<number[]>(inputs.length);
  rows.forEach((row, position) => {
    const index = typeof row.index === 'number' ? row.index : position;
    const vector = row.embedding;
    if (
      index >= 0 &&
      index < inputs.length &&
      Array.isArray(vector) &&
      vector.length > 0 &&
      vector.every((x) => typeof x === 'number' && Number.isFinite(x))
    ) {
      vectors[index] = vector as number[];
    }
  });
  for (let i = 0; i < inputs.length; i += 1) {
    if (!vectors[i]) throw new Error(`embeddings endpoint returned no vector for input ${i}`);
  }
  return vectors;
}
