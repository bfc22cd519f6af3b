import { mountStandalone } from '@promatch/shared';
import App from './exposes/app';

mountStandalone(App, 'mf-admin');
