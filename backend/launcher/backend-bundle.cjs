/**
 * The backend as one pre-built ESM file, so a start does not pay for tsx transforming and loading
 * ~180 TypeScript modules (about 0.25 s of CPU each time, measured in bench/backend-start.ts; jest
 * starts the backend some 300 times).
 *
 * The bundle holds backend/src and the parts of @promatch/shared it imports; every other package
 * stays an import from node_modules, resolved at run time from backend/.bundle/ exactly as from
 * backend/src/. Its file name carries a hash of every file it can be built from (the folders in
 * `sourceRoots`, the two package.json files, this file and esbuild's version), computed at every
 * launch: a changed, added or removed source file gives a new name, and a bundle whose name does
 * not match is never run. The build checks that every input esbuild read lies inside those
 * folders, and hashes again afterwards, so a file edited during the build is not published under
 * the old name. Two processes starting at once build it once: the first takes a lock file, the
 * others wait for the bundle to appear. SQL (migrations, bootstrap) and edge functions are read
 * from disk at run time, so they are not part of the bundle.
 *
 * CommonJS for the same reason as launch-backend.cjs.
 */
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '../..');
const bundleDir = path.join(repoRoot, 'backend/.bundle');
const entry = 'backend/src/main.ts';
/** Folders whose files can end up in the bundle (checked against esbuild's list of inputs). */
const sourceRoots = [
  'backend/src',
  'shared/src',
  'shared/federation',
  'supabase/functions/_shared',
];
const sourceFiles = ['backend/package.json', 'shared/package.json'];
/** A lock older than this belongs to a build that died; it is taken over. */
const staleLockMs = 120_000;
/** Bundles of other sources are removed once unused for this long. */
const pruneAfterMs = 60 * 60_000;

function listFiles(root, relativeDir, out) {
  let entries;
  try {
    entries = fs.readdirSync(path.join(root, relativeDir), { withFileTypes: true });
  } catch (error) {
    if (error.code === 'ENOENT') return;
    throw error;
  }
  for (const item of entries) {
    // Tests never reach the bundle (the build's check of its inputs would say so).
    if (item.name === 'node_modules' || /\.test\.tsx?$/.test(item.name)) continue;
    const relative = `${relativeDir}/${item.name}`;
    if (item.isDirectory()) listFiles(root, relative, out);
    else if (item.isFile()) out.push(relative);
  }
}

/** Every file the bundle can be built from, relative to `root`, sorted. */
function sourceList(root = repoRoot) {
  const files = [];
  for (const dir of sourceRoots) listFiles(root, dir, files);
  for (const file of sourceFiles) if (fs.existsSync(path.join(root, file))) files.push(file);
  return files.sort();
}

/**
 * A hash of the sources' paths and contents (under `root`, the repository by default), the build
 * settings (this file) and esbuild's version.
 */
function sourceHash(root = repoRoot, files = sourceList(root)) {
  const hash = createHash('sha256');
  hash.update(`${require('esbuild').version}\0`);
  hash.update(fs.readFileSync(__filename));
  for (const file of files) {
    hash.update(`\0${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest('hex').slice(0, 20);
}

const bundleFile = (key) => path.join(bundleDir, `main-${key}.mjs`);

async function build(key, files) {
  const esbuild = require('esbuild');
  const temporary = path.join(bundleDir, `main-${key}.${process.pid}.tmp.mjs`);
  const result = await esbuild.build({
    absWorkingDir: repoRoot,
    entryPoints: [entry],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    metafile: true,
    logLevel: 'silent',
    // Our own workspace packages ship TypeScript, which plain Node cannot load: they are bundled.
    // Everything else from node_modules is loaded at run time, as under tsx.
    plugins: [
      {
        name: 'node-modules-external',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@promatch/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  const known = new Set(files);
  const outside = Object.keys(result.metafile.inputs).filter((input) => !known.has(input));
  if (outside.length > 0) {
    fs.rmSync(temporary, { force: true });
    throw new Error(
      `backend bundle: inputs outside the hashed sources (add their folder to sourceRoots in ${path.relative(repoRoot, __filename)}): ${outside.join(', ')}`,
    );
  }
  return temporary;
}

function prune(keep) {
  const now = Date.now();
  for (const name of fs.readdirSync(bundleDir)) {
    const file = path.join(bundleDir, name);
    if (file === keep || !name.startsWith('main-')) continue;
    try {
      if (now - fs.statSync(file).mtimeMs > pruneAfterMs) fs.rmSync(file, { force: true });
    } catch {
      // another process removed it first
    }
  }
}

/** Marks a bundle as used (for pruning); a failure to do so changes nothing else. */
function touch(file) {
  const now = new Date();
  try {
    fs.utimesSync(file, now, now);
  } catch {
    // pruned by another process a moment ago: the caller rebuilds if it is really gone
  }
}

/**
 * The path of a bundle built from the sources as they are now, building it first if needed.
 * Rejects if esbuild fails (a syntax error, say); the caller decides what to do then.
 */
async function ensureBackendBundle() {
  fs.mkdirSync(bundleDir, { recursive: true });
  for (;;) {
    const files = sourceList();
    const key = sourceHash(repoRoot, files);
    const file = bundleFile(key);
    if (fs.existsSync(file)) {
      touch(file);
      return file;
    }
    const lock = `${file}.lock`;
    let handle;
    try {
      handle = fs.openSync(lock, 'wx');
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      let age;
      try {
        age = Date.now() - fs.statSync(lock).mtimeMs;
      } catch {
        continue; // released just now: look again
      }
      if (age > staleLockMs) fs.rmSync(lock, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      fs.writeSync(handle, String(process.pid));
      const built = await build(key, files);
      // A source edited while esbuild ran must not be published under the earlier hash.
      if (sourceHash() !== key) {
        fs.rmSync(built, { force: true });
        continue;
      }
      fs.renameSync(built, file);
      prune(file);
      return file;
    } finally {
      fs.closeSync(handle);
      fs.rmSync(lock, { force: true });
    }
  }
}

module.exports = { ensureBackendBundle, sourceHash, bundleDir };
