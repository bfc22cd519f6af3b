/** Deno's globals, as far as these functions use them (absent when running under Node). */
interface DenoLike {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
}

/** The Deno global on Supabase's edge runtime; undefined under Node (the local backend). */
export const deno: DenoLike | undefined = (globalThis as { Deno?: DenoLike }).Deno;

/** An environment variable on either runtime. */
export function env(name: string): string | undefined {
  return deno ? deno.env.get(name) : globalThis.process?.env[name];
}

/** Serves the handler on the edge runtime; under Node the backend imports the default export. */
export function serveOnDeno(handler: (request: Request) => Response | Promise<Response>): void {
  if (deno) deno.serve(handler);
}
