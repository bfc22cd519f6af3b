/** Compares a fresh dump with the files checked in under supabase/schemas/. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { regenerateCommand, type SchemaDump } from './dump.ts';

export function declaredFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!existsSync(dir)) return files;
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.sql'))
    .sort()) {
    files.set(name, readFileSync(path.join(dir, name), 'utf8'));
  }
  return files;
}

const domainsFile = 'backend/scripts/schema/domains.ts';

/** Every way the dump and the declared files disagree, as text a developer can act on. */
export function schemaDifferences(dump: SchemaDump, declared: Map<string, string>): string[] {
  const problems: string[] = [];
  if (dump.unassigned.length > 0) {
    problems.push(
      `These objects are in no domain. Add each name to one domain's list in ${domainsFile}, ` +
        `then run \`${regenerateCommand}\`:\n  ${dump.unassigned.join('\n  ')}`,
    );
  }
  if (dump.unused.length > 0) {
    problems.push(
      `${domainsFile} lists objects the migrations no longer create; remove them:\n  ${dump.unused.join('\n  ')}`,
    );
  }
  const names = [...new Set([...dump.files.keys(), ...declared.keys()])].sort();
  for (const name of names) {
    const actual = dump.files.get(name) ?? '';
    const expected = declared.get(name) ?? '';
    if (actual === expected) continue;
    const file = `supabase/schemas/${name}`;
    problems.push(
      createTwoFilesPatch(
        `${file} (checked in)`,
        `${file} (from the migrations)`,
        expected,
        actual,
        '',
        '',
        {
          context: 3,
        },
      ),
    );
  }
  if (problems.length > 0 && dump.unassigned.length === 0) {
    problems.push(
      `supabase/schemas/ does not describe what the migrations build. Run \`${regenerateCommand}\` ` +
        'and commit the result with your migration.',
    );
  }
  return problems;
}
