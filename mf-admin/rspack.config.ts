import { createAppConfig } from '@promatch/shared/rspack';

export default createAppConfig({
  appDir: __dirname,
  title: 'Admin (standalone) - ProMatch',
  exposes: { './App': './src/exposes/app.tsx' },
});
