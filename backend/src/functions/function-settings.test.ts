import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { functionsWithoutJwt } from './function-settings.ts';

describe('functionsWithoutJwt', () => {
  test('reads verify_jwt = false per [functions.<name>] section, nothing else', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'fn-settings-'));
    try {
      mkdirSync(path.join(root, 'functions'));
      writeFileSync(
        path.join(root, 'config.toml'),
        [
          'project_id = "x"',
          '[functions.open-feed]',
          'verify_jwt = false # calendar apps send no header',
          '[functions.closed]',
          'verify_jwt = true',
          '[auth]',
          'verify_jwt = false',
        ].join('\n'),
      );
      expect([...functionsWithoutJwt(path.join(root, 'functions'))]).toEqual(['open-feed']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('the repository exempts only the calendar feed', () => {
    const functionsDir = path.resolve(__dirname, '../../../supabase/functions');
    expect([...functionsWithoutJwt(functionsDir)]).toEqual(['calendar-feed']);
  });
});
