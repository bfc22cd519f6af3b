import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** A Supabase edge function: a web-standard handler, the module's default export. */
export type EdgeHandler = (request: Request) => Response | Promise<Response>;

// Names as the Supabase CLI allows them; `_shared` and dot-paths can never be functions.
const validName = /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/;

const loaded = new Map<string, EdgeHandler>();

/**
 * The edge runtime has a global WebSocket and Node 20 has not; supabase-js builds its realtime
 * client eagerly and throws without one. Provide `ws` so functions run unchanged on both.
 */
async function provideWebSocket(): Promise<void> {
  const scope = globalThis as { WebSocket?: unknown };
  if (scope.WebSocket) return;
  scope.WebSocket = (await import('ws')).WebSocket;
}

/** Loads `<functionsDir>/<name>/index.ts` once (tsx compiles it); undefined when there is none. */
export async function loadFunction(
  functionsDir: string,
  name: string,
): Promise<EdgeHandler | undefined> {
  if (!validName.test(name)) return undefined;
  const cached = loaded.get(name);
  if (cached) return cached;
  const file = path.join(functionsDir, name, 'index.ts');
  if (!existsSync(file)) return undefined;
  await provideWebSocket();
  const module = (await import(pathToFileURL(file).href)) as { default?: unknown };
  if (typeof module.default !== 'function') {
    throw new Error(
      `supabase/functions/${name}/index.ts must export a default (req: Request) => Response handler`,
    );
  }
  const handler = module.default as EdgeHandler;
  loaded.set(name, handler);
  return handler;
}
