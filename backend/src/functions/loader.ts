import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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

type Serve = (handler: EdgeHandler) => unknown;

/** The handler the module being loaded passed to `Deno.serve`; loads run one at a time. */
let served: EdgeHandler | undefined;
let loading: Promise<unknown> = Promise.resolve();

/**
 * A function written for Supabase's edge runtime calls `Deno.serve(handler)` at the top level and
 * reads `Deno.env`; this repository's own functions export the handler instead. For the first
 * kind (another project's folder, SUPABASE_DIR) a minimal Deno global is provided before loading:
 * `serve` hands the handler to the loader and `env` reads the process environment. It is installed
 * only when such a function is loaded, so code that tests for Deno sees Node otherwise.
 */
function provideDenoServe(): void {
  const scope = globalThis as { Deno?: { serve?: Serve } };
  if (scope.Deno) return;
  const serve: Serve = (handler) => {
    served = handler;
    return { finished: new Promise<void>(() => undefined) };
  };
  scope.Deno = Object.assign(Object.create(null) as object, {
    serve,
    env: {
      get: (name: string) => process.env[name],
      toObject: () => ({ ...process.env }),
    },
  });
}

/**
 * Functions are TypeScript: tsx compiles them. The server runs from a bundle that needs no tsx, so
 * tsx is registered here, before the first function loads, rather than for the whole process
 * (`node --import tsx` sends every package the server loads at start-up through tsx's hooks: about
 * a second of CPU per start, docs/benchmarks/test-suite.md). Under `PROMATCH_BACKEND_TSX=1` tsx is
 * already loaded and this import is the same module.
 */
let typescript: Promise<unknown> | undefined;
// Imported for its side effect (registering its hooks); tsx declares no types for this entry.
const tsxEntry = 'tsx';
const registerTypeScript = () => (typescript ??= import(tsxEntry));

/**
 * The handler a function module exports by default. Registered at run time, tsx compiles a
 * function whose folder is not an ES module (this repository's supabase/functions) to CommonJS,
 * and importing CommonJS gives its exports object as the default: the handler is that object's
 * `default`. Registered from the start, the same file loads as an ES module.
 */
function defaultExport(module: { default?: unknown }): unknown {
  if (typeof module.default === 'function') return module.default;
  const exported = module.default as { __esModule?: boolean; default?: unknown } | undefined;
  return exported?.__esModule && typeof exported.default === 'function'
    ? exported.default
    : undefined;
}

async function importHandler(file: string): Promise<unknown> {
  if (!/export\s+default/.test(await readFile(file, 'utf8'))) provideDenoServe();
  await registerTypeScript();
  served = undefined;
  const module = (await import(pathToFileURL(file).href)) as { default?: unknown };
  return defaultExport(module) ?? served;
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
  const next = loading.then(() => importHandler(file));
  loading = next.catch(() => undefined);
  const handler = await next;
  if (typeof handler !== 'function') {
    throw new Error(
      `functions/${name}/index.ts must export a default (req: Request) => Response handler or call Deno.serve(handler)`,
    );
  }
  loaded.set(name, handler as EdgeHandler);
  return handler as EdgeHandler;
}
