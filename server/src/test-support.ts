import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** Waits until `url` answers at all (any status), or throws after `timeoutMs`. */
export async function waitFor(url: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answered = await fetch(url).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} never answered`);
}

/** An absolute import specifier for one of the server's modules, for a spawned program. */
export const serverModule = (file: string) => JSON.stringify(path.join(__dirname, file));

/**
 * Runs an ES module program in its own Node process, as the server runs in production (the
 * server's modules are ESM; jest runs these tests as CommonJS).
 */
export function runServerProgram(program: string, env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, ['--input-type=module', '-e', program], {
    env: { ...process.env, ...env },
    // The servers log the failures these tests provoke on purpose.
    stdio: 'ignore',
  });
}
