import { createAppConfig } from '@promatch/shared/rspack';

export default createAppConfig({
  appDir: __dirname,
  title: 'Dashboard (standalone) - ProMatch',
  exposes: {
    './App': './src/exposes/app.tsx',
    './NotificationBell': './src/exposes/notification-bell.tsx',
  },
  // What a signed-in page of this remote needs before it draws: the ./App module, the pages
  // (src/exposes/app.tsx) and, on the two charting pages, the chart code (@promatch/shared/charts).
  preload: {
    always: ['__federation_expose_App', 'pages'],
    pages: {
      '/analytics-dashboard': ['charts'],
      '/business-intelligence': ['charts'],
    },
  },
});
