/**
 * The federation singletons: every app's rspack config builds its `shared` map from this one list,
 * so the browser always holds exactly one copy of each (one React, one store, one client). A
 * package missing here is silently bundled twice: react-dom/client and react/jsx-runtime are
 * separate modules from react-dom and react, and react-router 7 needs react-router as well as
 * react-router-dom.
 */
const fs = require('node:fs');
const path = require('node:path');

const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'react-router-dom',
  'styled-components',
  'zustand',
  '@tanstack/react-query',
  '@supabase/supabase-js',
  '@promatch/shared',
];

/** The package that owns a module request: 'react/jsx-runtime' -> 'react'. */
function packageOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Walks up from the app like Node does; some packages do not export their package.json. */
function installedVersion(request, fromDir) {
  const name = packageOf(request);
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(manifest)) return JSON.parse(fs.readFileSync(manifest, 'utf8')).version;
    if (dir === path.dirname(dir)) throw new Error(`${name} is not installed for ${fromDir}`);
  }
}

/**
 * The `shared` option of ModuleFederationPlugin for an app in `appDir`. Versions are the exact
 * installed ones, and `strictVersion` makes a mismatch fail loudly instead of loading a second copy.
 */
function sharedSingletons(appDir) {
  return Object.fromEntries(
    SINGLETONS.map((request) => {
      const version = installedVersion(request, appDir);
      return [request, { singleton: true, requiredVersion: version, version, strictVersion: true }];
    }),
  );
}

module.exports = {
  SINGLETONS,
  packageOf,
  sharedSingletons,
  sharedRoot: path.resolve(__dirname, '..'),
};
