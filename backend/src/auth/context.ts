import type { AppContext } from '../app-context.ts';
import type { ApiRequest } from '../http/types.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { CaptchaSettings } from './captcha.ts';
import type { SmsSender } from './phone/sms.ts';
import type { ProviderClients } from './oauth/providers.ts';
import { header } from './request.ts';
import type { RequestMeta } from './sessions/session-json.ts';
import type { AuthSettings } from './settings.ts';

/** What the auth API is built from, created once per server. */
export interface AuthServices {
  app: AppContext;
  settings: AuthSettings;
  mailer: Mailer;
  /** GoTrue's captcha check; null when no secret is configured (off). */
  captcha: CaptchaSettings | null;
  /** Where phone-factor codes go; null when SMS is not available (production without Twilio). */
  sms: SmsSender | null;
  /** External sign-in providers enabled by environment (oauth/providers.ts). */
  oauth: ProviderClients;
}

/** One request plus the services: what every handler receives. */
export interface AuthCall extends AuthServices {
  request: ApiRequest;
  /** The client's address: the socket's, or RATE_LIMIT_HEADER's behind a proxy (http/client-address.ts). */
  ip: string;
  meta: RequestMeta;
}

export function makeCall(services: AuthServices, request: ApiRequest): AuthCall {
  const ip = request.ip;
  return {
    ...services,
    request,
    ip,
    meta: { userAgent: header(request, 'user-agent'), ip },
  };
}
