/**
 * The Supabase CLI's well-known local development secrets, written out once: the backend's
 * defaults, the anon key in the runtime config the frontends receive, and the keys the tests and
 * benchmarks sign in with all come from here. Anything built for `supabase start` works against
 * the local backend unchanged. They are public knowledge: override them in any deployment.
 *
 * Node-side only: the service-role key bypasses row level security, so no browser bundle may
 * import this file (ESLint keeps it out of every app's src/).
 */
const LOCAL_DEV_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const LOCAL_DEV_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const LOCAL_DEV_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

module.exports = { LOCAL_DEV_JWT_SECRET, LOCAL_DEV_ANON_KEY, LOCAL_DEV_SERVICE_ROLE_KEY };
