/**
 * The runtime configuration every app reads from `/config.json`: written at deploy or start time
 * from the environment, never baked into a bundle. The anon key is public by design.
 */
const { BACKEND_PORT } = require('./app-ports.cjs');
const { LOCAL_DEV_ANON_KEY } = require('./local-dev-keys.cjs');

const list = (value) =>
  (value || '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * ICE servers for peer-to-peer calls: STUN from VIDEO_STUN_URLS, TURN from VIDEO_TURN_URLS with
 * VIDEO_TURN_USERNAME and VIDEO_TURN_CREDENTIAL (comma-separated URLs). None by default: on one
 * machine (loopback) host candidates connect without any.
 */
function iceServersFromEnv(env) {
  const servers = [];
  const stun = list(env.VIDEO_STUN_URLS);
  if (stun.length) servers.push({ urls: stun });
  const turn = list(env.VIDEO_TURN_URLS);
  if (turn.length) {
    servers.push({
      urls: turn,
      username: env.VIDEO_TURN_USERNAME || undefined,
      credential: env.VIDEO_TURN_CREDENTIAL || undefined,
    });
  }
  return servers;
}

function runtimeConfigFromEnv(env = process.env) {
  return {
    supabaseUrl: env.SUPABASE_URL || `http://localhost:${BACKEND_PORT}`,
    supabaseAnonKey: env.SUPABASE_ANON_KEY || LOCAL_DEV_ANON_KEY,
    // Twilio when its account and API key are set (the secret stays with the backend's
    // video-token function); otherwise peer-to-peer WebRTC.
    videoProvider: env.TWILIO_ACCOUNT_SID && env.TWILIO_API_KEY_SID ? 'twilio' : 'p2p',
    iceServers: iceServersFromEnv(env),
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
