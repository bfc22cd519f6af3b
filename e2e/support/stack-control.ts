/**
 * Tests run in worker processes while the global setup owns the app servers. Workers ask it to
 * stop, start or move an app through this small HTTP control channel on loopback.
 */
export const CONTROL_PORT = 3999;

async function control(path: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${CONTROL_PORT}${path}`, { method: 'POST' });
  if (!response.ok)
    throw new Error(`stack control ${path}: ${response.status} ${await response.text()}`);
}

export const stopApp = (dir: string) => control(`/apps/${dir}/stop`);
export const startApp = (dir: string, port?: number) =>
  control(`/apps/${dir}/start${port ? `?port=${port}` : ''}`);
/** Rewrites the shell's /remotes.json so `federationName` points at a server on `port`. */
export const pointRemoteAt = (federationName: string, port: number) =>
  control(`/remotes/${federationName}?port=${port}`);
export const resetRemotes = () => control('/remotes/reset');
/** Stops the backend (its data directory stays), and starts it again on the same data. */
export const stopBackend = () => control('/backend/stop');
export const startBackend = () => control('/backend/start');
