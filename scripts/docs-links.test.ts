import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Markdown links between the repository's own files must land: docs move (the benchmark history
 * moved from docs/benchmarks.md into docs/benchmarks/<area>.md), and a link into a file must still
 * find the file and, when it names one, the heading.
 */
const root = path.resolve(__dirname, '..');

const markdownFiles = execFileSync(
  'git',
  ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '*.md'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\0')
  .filter((file) => file !== '' && existsSync(path.join(root, file)));

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');

function anchorsIn(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1].trim())));
}

test('every link from one repository file to another finds the file and its heading', () => {
  const broken: string[] = [];
  for (const file of markdownFiles) {
    const text = readFileSync(path.join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      // other sites, anchors on the same page, and the `[NNNN](…)` placeholders of a template
      if (/^[a-z]+:/i.test(target) || target.startsWith('#') || target === '…') continue;
      const [linked, anchor] = target.split('#');
      const resolved = path.resolve(path.dirname(path.join(root, file)), decodeURI(linked));
      if (!existsSync(resolved)) broken.push(`${file}: ${target} (no such file)`);
      else if (anchor && resolved.endsWith('.md') && !anchorsIn(resolved).has(anchor)) {
        broken.push(`${file}: ${target} (no such heading)`);
      }
    }
  }
  expect(broken).toEqual([]);
});
