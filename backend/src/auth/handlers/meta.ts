import type { ApiResponse } from '../../http/types.ts';
import type { AuthCall } from '../context.ts';
import { PROVIDER_NAMES } from '../oauth/providers.ts';
import { json } from '../request.ts';

/** GET /.well-known/jwks.json: the public ES256 key; getClaims caches it for 10 minutes. */
export async function jwks(call: AuthCall): Promise<ApiResponse> {
  return json(call.app.keys.jwks(), 200, { 'Cache-Control': 'public, max-age=600' });
}

/** GET /settings: which sign-in methods this server offers, in GoTrue's shape. */
export async function settings(call: AuthCall): Promise<ApiResponse> {
  return json({
    external: {
      email: true,
      phone: false,
      anonymous_users: false,
      ...Object.fromEntries(
        PROVIDER_NAMES.map((name) => [name, call.oauth.get(name) !== undefined]),
      ),
    },
    // Ours, beside GoTrue's flags: the words on each enabled provider's button.
    external_labels: Object.fromEntries(
      [...call.oauth.providers.values()].map((provider) => [provider.name, provider.label]),
    ),
    disable_signup: false,
    mailer_autoconfirm: call.app.config.autoConfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
}

/** GET /health */
export async function health(): Promise<ApiResponse> {
  return json({
    version: 'promatch',
    name: 'GoTrue',
    description: 'ProMatch GoTrue-compatible auth API',
  });
}
