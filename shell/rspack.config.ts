import { createAppConfig } from '@promatch/shared/rspack';

// The host is built with no remotes: it discovers them at run time from /remotes.json.
export default createAppConfig({
  appDir: __dirname,
  title: 'ProMatch - Professional Services Platform',
});
