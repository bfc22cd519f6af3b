import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoFiles } from './repo-files';

/**
 * Comments and docs state a requirement itself or link a file in the repository. A citation of a
 * document the repository does not hold (a specification by name or section number, an issue
 * number, a folder beside the checkout) sends the reader somewhere they cannot follow, and says nothing when
 * that document changes. Text the product shows is held to the same patterns; none of it uses them.
 */
const root = path.resolve(__dirname, '..');

const CITATIONS: { pattern: RegExp; why: string }[] = [
  { pattern: /\bspec(?:ification)? section \d/i, why: 'a section of a document outside the repo' },
  { pattern: /\bissues? #?\d+\b/i, why: 'an issue number of a tracker outside the repo' },
  { pattern: /\bthe specification\b/i, why: 'a document outside the repo' },
  { pattern: /\bthe spec(?:'s|’s)/i, why: 'a document outside the repo' },
  { pattern: /\bthe spec (?:says|requires|asks|wording)\b/i, why: 'a document outside the repo' },
  // A folder beside the checkout; three levels up from a function's folder is the repo's own package.
  { pattern: /(?:^|[^./\w])\.\.\/shared\b/, why: 'a folder outside the repo' },
  { pattern: /\/work\/shared\b/, why: 'a folder outside the repo' },
];

// This file names the patterns; the lock file is npm's.
const SKIPPED = new Set(['scripts/citations.test.ts', 'package-lock.json']);

function citationsIn(text: string): { line: number; text: string; why: string }[] {
  return text.split('\n').flatMap((line, index) =>
    CITATIONS.filter(({ pattern }) => pattern.test(line)).map(({ why }) => ({
      line: index + 1,
      text: line.trim(),
      why,
    })),
  );
}

function trackedTextFiles(): string[] {
  return repoFiles()
    .filter((file) => !SKIPPED.has(file))
    .filter((file) => /\.(?:[cm]?[jt]sx?|md|sql|json|toml|html|css|ya?ml|sh)$/.test(file));
}

test('the patterns catch the ways a citation has been written', () => {
  const samples = [
    'Issue 4 requires that a user can set only themselves offline.',
    'the specification says the session must move to aal2',
    "the spec's toast confirms it",
    // built from parts, so this file itself holds no citation for a reader to follow
    ['see spec', 'section 7 for the limits'].join(' '),
    ['read ..', 'shared', 'spec', 'marketplace-spec.md'].join('/'),
    '(issue #12: all panels within 1 s)',
  ];
  for (const sample of samples) expect(citationsIn(sample)).not.toEqual([]);
  const fine = [
    // an import map entry naming this repository's own shared/ folder
    ['"@promatch/shared/company": "..', '..', '..', 'shared/src/validation/company.ts"'].join('/'),
    "title: 'Technical Specifications'",
    'each table has a matrix spec in fixtures-rls-matrix-*.ts',
  ];
  for (const sample of fine) expect(citationsIn(sample)).toEqual([]);
});

test('no comment or doc in the repository cites a document outside it', () => {
  const found = trackedTextFiles().flatMap((file) => {
    let text: string;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      return []; // listed by git but deleted in the working tree
    }
    return citationsIn(text).map((hit) => `${file}:${hit.line}: ${hit.why}: ${hit.text}`);
  });
  expect(found).toEqual([]);
});
