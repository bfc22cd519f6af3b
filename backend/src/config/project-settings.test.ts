import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { projectSettings } from './project-settings.ts';

function withProject(lines: string[], check: (dir: string) => void) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'project-settings-'));
  try {
    writeFileSync(path.join(root, 'config.toml'), lines.join('\n'));
    check(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe("a project's config.toml", () => {
  test('verify_jwt = false is read per [functions.<name>] table, nothing else', () => {
    withProject(
      [
        'project_id = "x"',
        '[functions.open-feed]',
        'verify_jwt = false # calendar apps send no header',
        '[functions.closed]',
        'verify_jwt = true',
        '[auth]',
        'verify_jwt = false',
      ],
      (dir) => expect([...projectSettings(dir).functionsWithoutJwt]).toEqual(['open-feed']),
    );
  });

  test('the repository exempts only the links and webhooks that carry their own signature', () => {
    const ownProject = path.resolve(__dirname, '../../../supabase');
    expect([...projectSettings(ownProject).functionsWithoutJwt].sort()).toEqual([
      'calendar-feed',
      'newsletter-confirm',
      'newsletter-unsubscribe',
      'notification-unsubscribe',
      'stripe-webhook',
    ]);
    expect(loadConfig({ SUPABASE_DIR: ownProject }).dbSchemas).toEqual([
      'public',
      'graphql_public',
    ]);
  });

  test('[api] schemas choose what /rest/v1 exposes, unless PGRST_DB_SCHEMAS says otherwise', () => {
    withProject(['[api]', 'schemas = ["public", "personal", "graphql_public"]'], (dir) => {
      expect(loadConfig({ SUPABASE_DIR: dir }).dbSchemas).toEqual([
        'public',
        'personal',
        'graphql_public',
      ]);
      expect(loadConfig({ SUPABASE_DIR: dir, PGRST_DB_SCHEMAS: 'api' }).dbSchemas).toEqual(['api']);
    });
  });

  test('a file that is not TOML stops the start with the reason, not with other settings', () => {
    withProject(['[api', 'schemas = '], (dir) =>
      expect(() => projectSettings(dir)).toThrow(/config\.toml is not valid TOML/),
    );
  });
});
