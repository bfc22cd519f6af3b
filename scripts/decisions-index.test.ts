import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * docs/decisions/README.md's table is generated from the records' own status lines by
 * scripts/decisions-index.mjs (`npm run docs:decisions`). These tests run the script as the
 * lead does after a merge, on the repository and on a scratch copy of the folder.
 */
const root = path.resolve(__dirname, '..');
const script = path.join(root, 'scripts/decisions-index.mjs');
const decisions = path.join(root, 'docs/decisions');

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [script, ...args], { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

let scratch: string;
beforeEach(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'decisions-'));
  cpSync(decisions, scratch, { recursive: true });
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

const file = (name: string) => path.join(scratch, name);
const edit = (name: string, change: (text: string) => string) =>
  writeFileSync(file(name), change(readFileSync(file(name), 'utf8')));
const recordFile = (number: string) =>
  readFileSync(path.join(decisions, 'README.md'), 'utf8').match(
    new RegExp(`\\((${number}-[a-z0-9-]+\\.md)\\)`),
  )?.[1] ?? `${number}-missing.md`;

test('the README lists every record once, with the status the record gives itself', () => {
  const { status, output } = run('--check');
  expect(output).toMatch(/matches its \d+ records/);
  expect(status).toBe(0);
  const readme = readFileSync(path.join(decisions, 'README.md'), 'utf8');
  const rows = readme.split('\n').filter((line) => /^\| \[\d{4}\]/.test(line));
  const numbers = rows.map((line) => line.slice(3, 7));
  expect(new Set(numbers).size).toBe(numbers.length);
  expect(rows.find((row) => row.startsWith('| [0094]'))).toMatch(/partly superseded by \[0115\]/);
});

test('a README row that disagrees with its record fails the check', () => {
  edit('README.md', (text) =>
    text.replace(/(\| \[0094\][^|]*\| )Accepted; partly superseded by/, '$1Accepted;  amended by'),
  );
  const { status, output } = run('--check', '--dir', scratch);
  expect(output).toContain('out of date');
  expect(status).toBe(1);
});

test('a record without a status line is refused by name', () => {
  edit(recordFile('0005'), (text) => text.replace('Status: Accepted.\n\n', ''));
  const { status, output } = run('--dir', scratch);
  expect(output).toContain(`${recordFile('0005')}: the paragraph after the title must be a status`);
  expect(status).toBe(1);
});

test('an amendment written at one end only is refused', () => {
  edit(recordFile('0028'), (text) =>
    text.replace(/Status: Accepted; amended by \[0108\]\([^)]*\)\./, 'Status: Accepted.'),
  );
  const { status, output } = run('--dir', scratch);
  expect(output).toContain(`${recordFile('0028')}: ${recordFile('0108')} amends it`);
  expect(status).toBe(1);
});

test('a new record gets its row when the script runs, and the check passes afterwards', () => {
  writeFileSync(
    file('9990-a-new-record.md'),
    `# 9990 — A new record\n\nStatus: accepted. Amends [0134](${recordFile('0134')}).\n\n## Context\n`,
  );
  edit(recordFile('0134'), (text) =>
    text.replace('Status: Accepted.', 'Status: Accepted; amended by [9990](9990-a-new-record.md).'),
  );
  expect(run('--check', '--dir', scratch).status).toBe(1);
  expect(run('--dir', scratch).status).toBe(0);
  const readme = readFileSync(file('README.md'), 'utf8');
  expect(readme).toMatch(/\| \[9990\]\(9990-a-new-record\.md\) +\| Accepted +\| A new record/);
  expect(readme).toMatch(/\| \[0134\][^\n]*amended by \[9990\]/);
  expect(run('--check', '--dir', scratch).status).toBe(0);
});
