import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as stack from '../../scripts/stack.mjs';
import { firstProfilePath } from './first-profile.mjs';

/** Stands for a professional's profile in a page list: its id is known only once seeded. */
export const PROFILE = '<profile>';
/** The public pages the Lighthouse budget names. */
export const PUBLIC_PAGES = ['/', '/search?q=react', PROFILE, '/pricing', '/login'];

/** How a page is named in a table. */
export const pageLabel = (page) => (page === PROFILE ? 'a profile' : page);

/**
 * The production build of the whole site on the fixed ports, on a fresh backend with 500 demo
 * professionals, with one unmeasured request per page in `pages` (the server's first render after
 * a start is slower). `url(page)` is where a page of the list lives; `stop()` stops everything and
 * removes the data. Needs `npm run build`; run under the e2e lock.
 */
export async function startPublicSite(pages, name) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `promatch-${name}-`));
  const children = [];
  const stop = async () => {
    await Promise.all(children.map((child) => stack.stopProcess(child)));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await stack.writeRuntimeFiles(process.env);
    const backend = await stack.startBackend({
      quiet: true,
      env: { DATA_DIR: dataDir, SEED_DEMO_PROFESSIONALS: '500' },
    });
    children.push(backend.child);
    for (const app of stack.APPS) children.push((await stack.startApp(app, { quiet: true })).child);
    const profile = await firstProfilePath();
    const url = (page) => `http://localhost:3000${page === PROFILE ? profile : page}`;
    for (const page of pages) await fetch(url(page));
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
