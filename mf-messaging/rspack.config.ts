import { createAppConfig } from '@promatch/shared/rspack';

export default createAppConfig({
  appDir: __dirname,
  title: 'Messaging (standalone) - ProMatch',
  exposes: {
    './App': './src/exposes/app.tsx',
    './UnreadBadge': './src/exposes/unread-badge.tsx',
  },
});
