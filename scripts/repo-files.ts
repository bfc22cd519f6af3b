import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The repository's root folder (this file sits in its scripts/). */
export const repoRoot = path.resolve(__dirname, '..');

/**
 * Every file of the repository as the working tree has it, relative to the root: tracked files
 * and new ones git does not ignore, less those deleted in the working tree. The repository checks
 * in scripts/ read these, so a new file is checked before it is committed.
 */
export function repoFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((file) => file !== '' && existsSync(path.join(repoRoot, file)));
}
