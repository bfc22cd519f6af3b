import { loadRuntimeConfig, type RuntimeConfig } from '@promatch/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

type CaptchaConfig = NonNullable<RuntimeConfig['captcha']>;

/** What hCaptcha's and Turnstile's explicit-render APIs share. */
interface WidgetApi {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      callback(token: string): void;
      'expired-callback'(): void;
      'error-callback'(): void;
    },
  ): string;
  reset(id?: string): void;
  remove?(id?: string): void;
}

const SCRIPTS: Record<
  CaptchaConfig['provider'],
  { src: string; global: 'hcaptcha' | 'turnstile' }
> = {
  hcaptcha: { src: 'https://js.hcaptcha.com/1/api.js?render=explicit', global: 'hcaptcha' },
  turnstile: {
    src: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    global: 'turnstile',
  },
};

let scriptLoad: Promise<WidgetApi> | undefined;

/** Loads the provider's script once per page, and only when a captcha is configured. */
function loadWidgetApi(config: CaptchaConfig): Promise<WidgetApi> {
  const { src, global } = SCRIPTS[config.provider];
  const ready = () => (window as unknown as Record<string, WidgetApi | undefined>)[global];
  // Already on the page (loaded earlier, or by the host page itself).
  const present = ready();
  if (present) return Promise.resolve(present);
  scriptLoad ??= new Promise<WidgetApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      const api = ready();
      if (api) resolve(api);
      else reject(new Error('The security check did not start.'));
    };
    script.onerror = () => {
      scriptLoad = undefined;
      reject(new Error('The security check could not be loaded.'));
    };
    document.head.appendChild(script);
  });
  return scriptLoad;
}

export interface Captcha {
  /** Whether the site asks for a captcha at all (/config.json names a provider). */
  required: boolean;
  /** The token of a completed check, until it is used or expires. */
  token: string | null;
  /** Attach to the element the widget is drawn into. */
  containerRef: (element: HTMLDivElement | null) => void;
  /** Tokens are single-use: called after every attempt that sent one. */
  reset(): void;
  /** Why the widget could not be shown, if it could not. */
  loadError: string | null;
}

/**
 * The captcha on sign-up, sign-in and password reset: nothing at all (no script, no element)
 * unless /config.json carries `captcha`, i.e. the backend checks tokens. Client-only: the
 * server-rendered form has no widget and gains it once hydrated.
 */
export function useCaptcha(): Captcha {
  const [config, setConfig] = useState<CaptchaConfig | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const widget = useRef<{ api: WidgetApi; id: string } | null>(null);

  useEffect(() => {
    let live = true;
    // No /config.json to read (a test page without fetch, a failed request): no captcha asked.
    Promise.resolve()
      .then(() => loadRuntimeConfig())
      .then((runtime) => {
        if (live && runtime.captcha?.siteKey) setConfig(runtime.captcha);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!config || !container) return;
    let live = true;
    loadWidgetApi(config)
      .then((api) => {
        if (!live) return;
        const id = api.render(container, {
          sitekey: config.siteKey,
          callback: (value) => setToken(value),
          'expired-callback': () => setToken(null),
          'error-callback': () => setToken(null),
        });
        widget.current = { api, id };
      })
      .catch((error: unknown) => {
        if (live) setLoadError((error as Error).message);
      });
    return () => {
      live = false;
      const current = widget.current;
      widget.current = null;
      current?.api.remove?.(current.id);
    };
  }, [config, container]);

  const reset = useCallback(() => {
    setToken(null);
    const current = widget.current;
    current?.api.reset(current.id);
  }, []);

  return { required: config !== null, token, containerRef: setContainer, reset, loadError };
}

/** The widget's place in a form, with its error; renders nothing when no captcha is configured. */
export function CaptchaField({ captcha, error }: { captcha: Captcha; error?: string | null }) {
  if (!captcha.required) return null;
  return (
    <div>
      <div ref={captcha.containerRef} data-testid="captcha" />
      {captcha.loadError || error ? <p role="alert">{captcha.loadError ?? error}</p> : null}
    </div>
  );
}

export const CAPTCHA_NEEDED = 'Please complete the security check first.';
