/**
 * The federation singletons: every app's rspack config builds its `shared` map from this one list,
 * so the browser always holds exactly one copy of each (one React, one store, one client). A
 * package missing here is silently bundled twice: react-dom/client and react/jsx-runtime are
 * separate modules from react-dom and react, and react-router 7 needs react-router as well as
 * react-router-dom (here both names are one module, PROVIDED_MODULES below).
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

/** The folder a package is installed in for `fromDir`, found by walking up like Node does. */
function packageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === path.dirname(dir)) throw new Error(`${name} is not installed for ${fromDir}`);
  }
}

/** Read from disk: some packages do not export their package.json. */
function installedVersion(request, fromDir) {
  const manifest = path.join(packageDir(packageOf(request), fromDir), 'package.json');
  return JSON.parse(fs.readFileSync(manifest, 'utf8')).version;
}

/**
 * The module provided for a singleton, where it is not the package itself: React Router is
 * provided as the part the apps use (react-router-browser.mjs), both under its own name and as
 * react-router-dom (which only re-exports react-router).
 */
const ROUTER_MODULE = path.join(__dirname, 'react-router-browser.mjs');
const PROVIDED_MODULES = { 'react-router': ROUTER_MODULE, 'react-router-dom': ROUTER_MODULE };

/** Aliases a browser build needs for PROVIDED_MODULES: React Router's ES module entry. */
function browserAliases(appDir) {
  const routerDir = packageDir('react-router', appDir);
  const manifest = JSON.parse(fs.readFileSync(path.join(routerDir, 'package.json'), 'utf8'));
  const esmEntry = manifest.exports['.'].import.default;
  return { 'promatch-react-router-full$': path.join(routerDir, esmEntry) };
}

/**
 * The `shared` option of ModuleFederationPlugin for an app in `appDir`. Versions are the exact
 * installed ones, and `strictVersion` makes a mismatch fail loudly instead of loading a second copy.
 */
function sharedSingletons(appDir) {
  return Object.fromEntries(
    SINGLETONS.map((request) => {
      const version = installedVersion(request, appDir);
      const config = { singleton: true, requiredVersion: version, version, strictVersion: true };
      const provided = PROVIDED_MODULES[request];
      return [request, provided ? { ...config, import: provided } : config];
    }),
  );
}

module.exports = {
  SINGLETONS,
  PROVIDED_MODULES,
  browserAliases,
  packageOf,
  sharedSingletons,
  sharedRoot: path.resolve(__dirname, '..'),
};
