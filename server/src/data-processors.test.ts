import { embeddingsConfigFrom } from '@promatch/shared/embeddings';
// CommonJS, as the servers and the stack script load it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { processorsFromEnv, runtimeConfigFromEnv } = require('@promatch/shared/runtime-config') as {
  processorsFromEnv(
    env: Record<string, string | undefined>,
  ): { kind: string; host?: string; providers?: string[] }[];
  runtimeConfigFromEnv(env: Record<string, string | undefined>): { processors: unknown };
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
};

describe('the data processors /config.json lists for the privacy policy', () => {
  it('lists none when nothing outside is configured (npm start with no keys)', () => {
    expect(processorsFromEnv({})).toEqual([]);
    expect(runtimeConfigFromEnv({}).processors).toEqual([]);
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
    ]);
    expect(JSON.stringify(runtimeConfigFromEnv(EVERY_PROCESSOR).processors)).not.toMatch(
      /secret|AC123|SK123|mailer/,
    );
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
      }),
    ).toEqual([{ kind: 'sign-in', providers: ['LinkedIn', 'Google'] }]);
    expect(processorsFromEnv({ GOTRUE_EXTERNAL_GOOGLE_ENABLED: 'true' })).toEqual([]);
  });

  it('needs both halves of the Twilio and S3 settings, as the backend does', () => {
    expect(processorsFromEnv({ TWILIO_ACCOUNT_SID: 'AC123' })).toEqual([]);
    expect(processorsFromEnv({ STORAGE_S3_ENDPOINT: 'https://s3.example.com' })).toEqual([]);
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
