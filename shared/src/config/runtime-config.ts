/**
 * What `/config.json` holds. It is written at deploy time, never baked into a bundle, so one build
 * runs against any backend (see docs/architecture.md).
 */
/** One STUN or TURN entry, in RTCIceServer's shape. */
export interface IceServerConfig {
  urls: string[];
  username?: string;
  credential?: string;
}

/**
 * An outside service that receives personal data in this deployment (written by
 * processorsFromEnv in shared/federation/runtime-config.cjs from the backend's own settings).
 */
export interface DataProcessor {
  kind:
    | 'email'
    | 'twilio'
    | 'turn'
    | 'companies-house'
    | 'embeddings'
    | 'file-storage'
    | 'sms'
    | 'captcha'
    | 'push'
    | 'sign-in';
  /** The service's host name, where the setting names one. */
  host?: string;
  /** For `sign-in`: the providers people may sign in with (LinkedIn, Google, …). */
  providers?: string[];
}

/** The platform's name, postal address lines and VAT registration number (when registered). */
export interface PlatformDetails {
  name: string;
  addressLines: string[];
  vatNumber?: string;
}

export interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  videoProvider: 'twilio' | 'p2p';
  /** STUN and TURN servers for peer-to-peer calls; absent or empty on loopback. */
  iceServers?: IceServerConfig[];
  /** The configured data processors; absent from an older /config.json, read as none. */
  processors?: DataProcessor[];
  /**
   * The captcha widget (hCaptcha or Turnstile) and its public site key; present only when the
   * backend checks captcha tokens, so the widget's script loads only then.
   */
  captcha?: { provider: 'hcaptcha' | 'turnstile'; siteKey: string };
  /**
   * Who issues receipts and statements (PLATFORM_NAME, PLATFORM_ADDRESS, PLATFORM_VAT_NUMBER);
   * absent from an older /config.json, read as ProMatch with no address or VAT number.
   */
  platform?: PlatformDetails;
  features: Record<string, boolean>;
}

let pending: Promise<RuntimeConfig> | undefined;

function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  const candidate = value as Partial<RuntimeConfig> | null;
  return (
    typeof candidate?.supabaseUrl === 'string' && typeof candidate.supabaseAnonKey === 'string'
  );
}

/**
 * Reads `/config.json` from the page's origin once; every remote shares the answer because
 * @promatch/shared is a federation singleton.
 */
export function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  pending ??= fetchImpl('/config.json', { cache: 'no-store' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
      const body: unknown = await response.json();
      if (!isRuntimeConfig(body))
        throw new Error('/config.json lacks supabaseUrl or supabaseAnonKey');
      return body;
    })
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}

/**
 * Supplies the configuration where there is no `/config.json` to fetch: a remote's server-side
 * renderer, which reads the same values from its environment.
 */
export function provideRuntimeConfig(config: RuntimeConfig): void {
  pending = Promise.resolve(config);
}
