import { embeddingsConfigFrom } from '@promatch/shared/embeddings';
// CommonJS, as the servers and the stack script load it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { processorsFromEnv, runtimeConfigFromEnv } = require('@promatch/shared/runtime-config') as {
  processorsFromEnv(
    env: Record<string, string | undefined>,
  ): { kind: string; host?: string; providers?: string[] }[];
  runtimeConfigFromEnv(env: Record<string, string | undefined>): {
    processors: unknown;
    captcha?: unknown;
    platform: unknown;
  };
};

const EVERY_PROCESSOR = {
  SMTP_URL: 'smtp://mailer:secret@smtp.mailhost.example:587',
  TWILIO_ACCOUNT_SID: 'AC123',
  TWILIO_API_KEY_SID: 'SK123',
  TWILIO_API_KEY_SECRET: 'twilio-secret',
  VIDEO_TURN_URLS: 'turn:relay.example.net:3478?transport=udp,turns:relay.example.net:5349',
  VIDEO_TURN_CREDENTIAL: 'turn-secret',
  COMPANIES_HOUSE_API_KEY: 'ch-secret',
  EMBEDDINGS_URL: 'https://embeddings.example.ai/v1/embeddings',
  EMBEDDINGS_API_KEY: 'embeddings-secret',
  STORAGE_S3_ENDPOINT: 'https://s3.eu-west-2.example.com',
  STORAGE_S3_BUCKET: 'promatch',
  STORAGE_S3_SECRET_ACCESS_KEY: 's3-secret',
  TWILIO_AUTH_TOKEN: 'twilio-token-secret',
  TWILIO_MESSAGE_SERVICE_SID: 'MG123',
  GOTRUE_SECURITY_CAPTCHA_PROVIDER: 'turnstile',
  GOTRUE_SECURITY_CAPTCHA_SECRET: 'captcha-secret',
  GOTRUE_SECURITY_CAPTCHA_SITEKEY: '0x4AAA-site-key',
};

describe('the data processors /config.json lists for the privacy policy', () => {
  it("lists only the browsers' push services when nothing outside is configured (npm start with no keys)", () => {
    expect(processorsFromEnv({})).toEqual([{ kind: 'push' }]);
    expect(runtimeConfigFromEnv({}).processors).toEqual([{ kind: 'push' }]);
  });

  it('lists no push service when web push is off, and the configured ones when named', () => {
    expect(processorsFromEnv({ WEB_PUSH: 'off' })).toEqual([]);
    expect(
      processorsFromEnv({ PUSH_SERVICE_HOSTS: 'fcm.googleapis.com, .push.apple.com' }),
    ).toEqual([{ kind: 'push', host: 'fcm.googleapis.com, .push.apple.com' }]);
  });

  it('lists every configured service with its host and never a secret', () => {
    const processors = processorsFromEnv(EVERY_PROCESSOR);
    expect(processors).toEqual([
      { kind: 'email', host: 'smtp.mailhost.example' },
      { kind: 'twilio' },
      { kind: 'turn', host: 'relay.example.net' },
      { kind: 'companies-house' },
      { kind: 'embeddings', host: 'embeddings.example.ai' },
      { kind: 'file-storage', host: 's3.eu-west-2.example.com' },
      { kind: 'sms' },
      { kind: 'captcha', host: 'challenges.cloudflare.com' },
      { kind: 'push' },
    ]);
    expect(JSON.stringify(runtimeConfigFromEnv(EVERY_PROCESSOR).processors)).not.toMatch(
      /secret|AC123|SK123|mailer/,
    );
  });

  it('gives the browser the captcha site key only when the backend checks tokens', () => {
    expect(runtimeConfigFromEnv(EVERY_PROCESSOR)).toMatchObject({
      captcha: { provider: 'turnstile', siteKey: '0x4AAA-site-key' },
    });
    expect(JSON.stringify(runtimeConfigFromEnv(EVERY_PROCESSOR))).not.toMatch(/captcha-secret/);
    expect(runtimeConfigFromEnv({})).not.toHaveProperty('captcha.siteKey');
    const off = { ...EVERY_PROCESSOR, GOTRUE_SECURITY_CAPTCHA_ENABLED: 'false' };
    expect(runtimeConfigFromEnv(off)).not.toHaveProperty('captcha.siteKey');
    expect(processorsFromEnv(off).some((p) => p.kind === 'captcha')).toBe(false);
    const noKey = { GOTRUE_SECURITY_CAPTCHA_SECRET: 'captcha-secret' };
    expect(runtimeConfigFromEnv(noKey)).not.toHaveProperty('captcha.siteKey');
  });

  it('lists the sign-in providers the backend enables, by their button names', () => {
    expect(
      processorsFromEnv({
        GOTRUE_EXTERNAL_LINKEDIN_OIDC_ENABLED: 'true',
        GOTRUE_EXTERNAL_LINKEDIN_OIDC_CLIENT_ID: 'li-client',
        GOTRUE_EXTERNAL_LINKEDIN_OIDC_SECRET: 'li-secret',
        GOTRUE_EXTERNAL_GOOGLE_ENABLED: 'true',
        GOTRUE_EXTERNAL_GOOGLE_CLIENT_ID: 'g-client',
        // Microsoft without its tenant's issuer URL stays off, as in the backend.
        GOTRUE_EXTERNAL_AZURE_ENABLED: 'true',
        GOTRUE_EXTERNAL_AZURE_CLIENT_ID: 'ms-client',
        GOTRUE_EXTERNAL_OIDC_ENABLED: 'false',
        WEB_PUSH: 'off',
      }),
    ).toEqual([{ kind: 'sign-in', providers: ['LinkedIn', 'Google'] }]);
    expect(processorsFromEnv({ GOTRUE_EXTERNAL_GOOGLE_ENABLED: 'true', WEB_PUSH: 'off' })).toEqual(
      [],
    );
  });

  it('needs both halves of the Twilio and S3 settings, as the backend does', () => {
    const off = { WEB_PUSH: 'off' };
    expect(processorsFromEnv({ ...off, TWILIO_ACCOUNT_SID: 'AC123' })).toEqual([]);
    expect(processorsFromEnv({ ...off, STORAGE_S3_ENDPOINT: 'https://s3.example.com' })).toEqual(
      [],
    );
  });

  it('agrees with the embeddings client on when embeddings are configured', () => {
    for (const url of [undefined, '', '   ', 'http://127.0.0.1:8080/v1/embeddings']) {
      const env = { EMBEDDINGS_URL: url };
      const listed = processorsFromEnv(env).some((p) => p.kind === 'embeddings');
      expect(listed).toBe(
        embeddingsConfigFrom((name) => env[name as 'EMBEDDINGS_URL']) !== undefined,
      );
    }
  });
});

describe('who issues receipts, in /config.json', () => {
  it('is ProMatch in the United Kingdom with no VAT number when nothing is set', () => {
    expect(runtimeConfigFromEnv({}).platform).toEqual({
      name: 'ProMatch',
      addressLines: ['United Kingdom'],
    });
  });

  it('takes the name, the address lines (split at "|") and the VAT number from the settings', () => {
    expect(
      runtimeConfigFromEnv({
        PLATFORM_NAME: ' ProMatch Ltd ',
        PLATFORM_ADDRESS: '1 Quay Street | Manchester M3 3JE||United Kingdom',
        PLATFORM_VAT_NUMBER: 'GB123456789',
      }).platform,
    ).toEqual({
      name: 'ProMatch Ltd',
      addressLines: ['1 Quay Street', 'Manchester M3 3JE', 'United Kingdom'],
      vatNumber: 'GB123456789',
    });
  });
});
