/**
 * The runtime configuration every app reads from `/config.json`: written at deploy or start time
 * from the environment, never baked into a bundle. The anon key is public by design.
 */
const { BACKEND_PORT } = require('./app-ports.cjs');
const { LOCAL_DEV_ANON_KEY } = require('./local-dev-keys.cjs');

function runtimeConfigFromEnv(env = process.env) {
  return {
    supabaseUrl: env.SUPABASE_URL || `http://localhost:${BACKEND_PORT}`,
    supabaseAnonKey: env.SUPABASE_ANON_KEY || LOCAL_DEV_ANON_KEY,
    videoProvider: env.TWILIO_ACCOUNT_SID ? 'twilio' : 'p2p',
    features: {},
  };
}

/** `/remotes.json`: federation name -> manifest URL, from REMOTE_<NAME>_URL or the local ports. */
function remotesFromEnv(remotes, env = process.env) {
  return Object.fromEntries(
    remotes.map(({ federationName, port }) => {
      const override = env[`REMOTE_${federationName.toUpperCase()}_URL`];
      return [federationName, override || `http://localhost:${port}/mf-manifest.json`];
    }),
  );
}

module.exports = { runtimeConfigFromEnv, remotesFromEnv };
