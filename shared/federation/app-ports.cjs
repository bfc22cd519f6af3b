/**
 * Ports and federation names of the six apps (the README's port table). Used by the build configs,
 * the start script, the e2e harness and the benchmarks, so a port is written down exactly once.
 */
const APPS = [
  { dir: 'shell', federationName: 'shell', port: 3000, label: 'Shell (host)' },
  { dir: 'mf-marketing', federationName: 'mf_marketing', port: 3001, label: 'Marketing' },
  { dir: 'mf-auth', federationName: 'mf_auth', port: 3002, label: 'Auth' },
  { dir: 'mf-dashboard', federationName: 'mf_dashboard', port: 3003, label: 'Dashboard' },
  { dir: 'mf-messaging', federationName: 'mf_messaging', port: 3004, label: 'Messaging' },
  { dir: 'mf-admin', federationName: 'mf_admin', port: 3005, label: 'Admin' },
];

const BACKEND_PORT = 54321;

module.exports = { APPS, BACKEND_PORT, REMOTES: APPS.filter((app) => app.dir !== 'shell') };
