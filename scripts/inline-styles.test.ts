import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoFiles, repoRoot } from './repo-files';

/**
 * Pages style themselves with the shared layout primitives and the theme's tokens
 * (docs/decisions/0163-shared-layout-primitives-tokens-and-svg-icons.md): an inline style or a
 * colour written into a page does not follow the theme (dark mode, spacing) and has to be found
 * and changed by hand. Two rules keep it that way:
 *
 * 1. An inline `style={…}` in app code says why beside it: a comment starting `Inline style:` on
 *    the same line or one of the three above (a value computed on each render, say).
 * 2. A colour (`#rgb`, `#rrggbb`, `rgb(…)`) appears only in the theme, or in a file of
 *    FIXED_COLOURS, each of which says why its colours do not follow the theme.
 */
const APP_CODE = /^(?:shell|mf-[a-z]+|shared)\/src\/.+\.tsx?$/;
const TEST_FILE = /\.test\.tsx?$|\/testing\//;

const INLINE_STYLE = /\bstyle=\{/;
const REASON = /Inline style:/;
const REASON_REACH = 3;

const COLOUR = /#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3}(?:[0-9a-fA-F]{2})?)?\b|\brgba?\(/;

/** Files whose colours are the same whatever the theme, and why. */
const FIXED_COLOURS: Record<string, string> = {
  'shared/src/theme/theme.ts': 'the theme itself: every other colour comes from here',
  'shared/src/charts/series.ts': 'chart series are data colours, the same in both themes',
  'mf-admin/src/features/analytics/utils/analytics-csv.ts':
    'each analytics series keeps its data colour in both themes',
  'shared/src/constants/presence.ts':
    'presence dots (online, away, busy) mean the same colour in both themes',
  'shell/src/features/accessibility/accessibility-styles.tsx':
    'high contrast is pure black on white (or white on black), stronger than either theme',
  'shell/src/features/errors/root-error-screen.tsx':
    'drawn when the theme itself may have failed to load',
  'mf-dashboard/src/features/payments/components/receipt-document.tsx':
    'a receipt prints black on white whatever the screen theme',
  'mf-dashboard/src/features/settings/utils/crop-image.ts':
    'canvas pixels: the white behind a cropped photo saved as JPEG',
  'mf-messaging/src/features/calls/utils/composite-stream.ts':
    'canvas pixels: the dark stage of a call recording, not page styling',
};

interface Hit {
  file: string;
  line: number;
  text: string;
}

export function unexplainedInlineStyles(file: string, text: string): Hit[] {
  const lines = text.split('\n');
  return lines.flatMap((line, index) => {
    if (!INLINE_STYLE.test(line)) return [];
    const reach = lines.slice(Math.max(0, index - REASON_REACH), index + 1);
    return reach.some((nearby) => REASON.test(nearby))
      ? []
      : [{ file, line: index + 1, text: line.trim() }];
  });
}

export function colours(file: string, text: string): Hit[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      COLOUR.test(line) ? [{ file, line: index + 1, text: line.trim() }] : [],
    );
}

function appFiles(): { file: string; text: string }[] {
  return repoFiles()
    .filter((file) => APP_CODE.test(file) && !TEST_FILE.test(file))
    .map((file) => ({ file, text: readFileSync(path.join(repoRoot, file), 'utf8') }));
}

const describeHits = (hits: Hit[]) => hits.map((hit) => `${hit.file}:${hit.line}: ${hit.text}`);

test('an inline style passes only with its reason beside it, and colours are found', () => {
  const explained = [
    '      {/* Inline style: the height is measured by the virtualiser. */}',
    '      <div style={{ height: total }}>',
  ].join('\n');
  expect(unexplainedInlineStyles('a.tsx', explained)).toEqual([]);
  const tooFar = ['// Inline style: computed', '', '', '', '<div style={{ width }} />'].join('\n');
  expect(unexplainedInlineStyles('a.tsx', tooFar)).toHaveLength(1);
  expect(unexplainedInlineStyles('a.tsx', '<p style={{ margin: 0 }}>Hi</p>')).toHaveLength(1);
  expect(unexplainedInlineStyles('a.tsx', '<p style={spacing}>Hi</p>')).toHaveLength(1);
  for (const colour of [
    "color: '#fff'",
    'background: #1e3a8a;',
    'rgba(0, 0, 0, 0.5)',
    'rgb(15 23 42)',
  ]) {
    expect(colours('a.ts', colour)).toHaveLength(1);
  }
  for (const fine of ['<a href="#main-content">', "'#12 in the queue'", 'const id = `#${slug}`']) {
    expect(colours('a.ts', fine)).toEqual([]);
  }
});

test('every inline style in the apps says why it is inline', () => {
  const files = appFiles();
  const hits = files.flatMap(({ file, text }) => unexplainedInlineStyles(file, text));
  expect(describeHits(hits)).toEqual([]);
});

test('colours come from the theme, except in the files that say why they cannot', () => {
  const hits = appFiles()
    .filter(({ file }) => !(file in FIXED_COLOURS))
    .flatMap(({ file, text }) => colours(file, text));
  expect(describeHits(hits)).toEqual([]);
});
