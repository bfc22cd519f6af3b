import { createAppConfig } from '@promatch/shared/rspack';

export default createAppConfig({
  appDir: __dirname,
  title: 'Dashboard (standalone) - ProMatch',
  exposes: {
    './App': './src/exposes/app.tsx',
    './NotificationBell': './src/exposes/notification-bell.tsx',
  },
});
