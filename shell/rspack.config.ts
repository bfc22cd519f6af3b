import { createAppConfig } from '@promatch/shared/rspack';

// The host is built with no remotes: it discovers them at run time from /remotes.json.
export default createAppConfig({
  appDir: __dirname,
  title: 'ProMatch - Professional Services Platform',
  // Renders the shell around a remote's server-rendered page, so the browser hydrates it.
  serverEntry: './src/ssr/render-shell.tsx',
  // Not in the first render, but every signed-in page waits for them before its first request:
  // the shell's server names them in that page's HTML (decision 0138).
  preload: { shared: ['@supabase/supabase-js', '@tanstack/react-query'] },
});
