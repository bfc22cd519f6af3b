/**
 * The newsletter's "markdown-lite": blank lines separate paragraphs, lines starting with "- " are
 * list items, and **text** is bold. Nothing else is markup: the body is parsed into blocks of
 * plain-text spans, which the portal's preview renders as React elements and the e-mail job
 * renders as escaped HTML, so no HTML or script a writer types ever passes through.
 */
export interface NewsletterSpan {
  text: string;
  bold: boolean;
}

export type NewsletterBlock =
  { kind: 'paragraph'; lines: NewsletterSpan[][] } | { kind: 'list'; items: NewsletterSpan[][] };

export const NEWSLETTER_SUBJECT_MAX = 200;
export const NEWSLETTER_BODY_MAX = 50_000;

/** Splits a line into plain and bold spans (an unmatched "**" stays as text). */
export function parseSpans(line: string): NewsletterSpan[] {
  const spans: NewsletterSpan[] = [];
  const pattern = /\*\*(.+?)\*\*/g;
  let last = 0;
  for (const match of line.matchAll(pattern)) {
    const start = match.index ?? 0;
    if (start > last) spans.push({ text: line.slice(last, start), bold: false });
    spans.push({ text: match[1] ?? '', bold: true });
    last = start + match[0].length;
  }
  if (last < line.length) spans.push({ text: line.slice(last), bold: false });
  return spans;
}

/** The body's blocks, in order. */
export function parseNewsletterBody(body: string): NewsletterBlock[] {
  const blocks: NewsletterBlock[] = [];
  for (const chunk of body.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((line) => line.trim() !== '');
    let paragraph: NewsletterSpan[][] = [];
    let list: NewsletterSpan[][] = [];
    const flush = () => {
      if (paragraph.length > 0) blocks.push({ kind: 'paragraph', lines: paragraph });
      if (list.length > 0) blocks.push({ kind: 'list', items: list });
      paragraph = [];
      list = [];
    };
    for (const line of lines) {
      const item = /^\s*[-*]\s+(.*)$/.exec(line);
      if (item) {
        if (paragraph.length > 0) flush();
        list.push(parseSpans(item[1] ?? ''));
      } else {
        if (list.length > 0) flush();
        paragraph.push(parseSpans(line.trim()));
      }
    }
    flush();
  }
  return blocks;
}

/** The body as plain text for the e-mail's text part: the bold markers dropped. */
export function newsletterPlainText(body: string): string {
  return parseNewsletterBody(body)
    .map((block) =>
      block.kind === 'paragraph'
        ? block.lines.map((spans) => spans.map((s) => s.text).join('')).join('\n')
        : block.items.map((spans) => `- ${spans.map((s) => s.text).join('')}`).join('\n'),
    )
    .join('\n\n');
}
