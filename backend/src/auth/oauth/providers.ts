import * as oidc from 'openid-client';

/**
 * External sign-in providers, configured by environment as GoTrue does:
 * GOTRUE_EXTERNAL_<NAME>_ENABLED, _CLIENT_ID, _SECRET, and optionally _URL (the issuer),
 * _REDIRECT_URI (defaults to API_EXTERNAL_URL/auth/v1/callback) and, for the generic issuer,
 * _LABEL (the name on its button). Every provider here speaks OpenID Connect and is found by
 * discovery (`<issuer>/.well-known/openid-configuration`).
 */
export interface ProviderConfig {
  /** The name supabase-js sends as `provider` (GoTrue's names where GoTrue has one). */
  name: string;
  /** What the sign-in buttons say after "Continue with". */
  label: string;
  issuer: string;
  clientId: string;
  secret: string;
  redirectUri: string;
  /** Always asked for; the app's `scopes` are added to these. */
  scopes: string[];
}

interface KnownProvider {
  env: string;
  label: string;
  /** The public issuer; undefined when _URL must be set. */
  issuer?: string;
}

const KNOWN: Record<string, KnownProvider> = {
  linkedin_oidc: {
    env: 'LINKEDIN_OIDC',
    label: 'LinkedIn',
    issuer: 'https://www.linkedin.com/oauth',
  },
  google: { env: 'GOOGLE', label: 'Google', issuer: 'https://accounts.google.com' },
  // Microsoft's multi-tenant "common" metadata names a per-tenant issuer, which discovery refuses:
  // set GOTRUE_EXTERNAL_AZURE_URL to https://login.microsoftonline.com/<tenant id>/v2.0.
  azure: { env: 'AZURE', label: 'Microsoft' },
  oidc: { env: 'OIDC', label: 'single sign-on' },
};

export const PROVIDER_NAMES = Object.keys(KNOWN);

const truthy = (value: string | undefined) => /^(1|true|yes|on)$/i.test(value?.trim() ?? '');

/** The enabled providers, in button order. A provider without client id or issuer is left out. */
export function loadProviders(
  env: NodeJS.ProcessEnv,
  publicUrl: string,
): Map<string, ProviderConfig> {
  const providers = new Map<string, ProviderConfig>();
  for (const [name, known] of Object.entries(KNOWN)) {
    const read = (suffix: string) => env[`GOTRUE_EXTERNAL_${known.env}_${suffix}`]?.trim() || '';
    if (!truthy(read('ENABLED'))) continue;
    const issuer = read('URL') || known.issuer;
    const clientId = read('CLIENT_ID');
    if (!issuer || !clientId) {
      console.error(
        `auth: provider ${name} is enabled but has no client id or issuer URL; left off`,
      );
      continue;
    }
    providers.set(name, {
      name,
      label: (name === 'oidc' && read('LABEL')) || known.label,
      issuer: issuer.replace(/\/$/, ''),
      clientId,
      secret: read('SECRET'),
      redirectUri: read('REDIRECT_URI') || `${publicUrl}/auth/v1/callback`,
      scopes: ['openid', 'email', 'profile'],
    });
  }
  return providers;
}

/** Discovered client configurations, one per provider; a failed discovery is tried again next time. */
export class ProviderClients {
  private readonly cache = new Map<string, Promise<oidc.Configuration>>();

  constructor(readonly providers: Map<string, ProviderConfig>) {}

  get(name: string): ProviderConfig | undefined {
    return this.providers.get(name);
  }

  configuration(provider: ProviderConfig): Promise<oidc.Configuration> {
    let pending = this.cache.get(provider.name);
    if (!pending) {
      const issuer = new URL(provider.issuer);
      // Plain http only for an issuer on this machine (the local test provider).
      const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
      pending = oidc.discovery(
        issuer,
        provider.clientId,
        provider.secret ? { client_secret: provider.secret } : undefined,
        provider.secret ? oidc.ClientSecretPost(provider.secret) : oidc.None(),
        {
          timeout: 10,
          execute: loopback && issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        },
      );
      this.cache.set(provider.name, pending);
      pending.catch(() => this.cache.delete(provider.name));
    }
    return pending;
  }
}
