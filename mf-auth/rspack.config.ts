import { createAppConfig } from '@promatch/shared/rspack';

export default createAppConfig({
  appDir: __dirname,
  title: 'Auth (standalone) - ProMatch',
  exposes: { './App': './src/exposes/app.tsx' },
  serverEntry: './src/ssr/render-page.tsx',
});
