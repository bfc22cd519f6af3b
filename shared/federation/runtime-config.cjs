/**
 * The runtime configuration every app reads from `/config.json` (DESIGN.md): written at deploy
 * or start time from the environment, never baked into a bundle. The anon key is public by design.
 */
const { BACKEND_PORT } = require('./app-ports.cjs');

const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

function runtimeConfigFromEnv(env = process.env) {
  return {
    supabaseUrl: env.SUPABASE_URL || `http://localhost:${BACKEND_PORT}`,
    supabaseAnonKey: env.SUPABASE_ANON_KEY || LOCAL_ANON_KEY,
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
