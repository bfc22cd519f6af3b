/**
 * Finds known phrases (skills, role nouns, places) in free text in one pass: one regular
 * expression per dictionary, alternatives longest first, so "react native" wins over "react".
 * Two-letter terms ("AD", "NI") and a few ordinary words count only when written as the term
 * is usually written (capitals), and single words of seven letters or more also match with one typo
 * ("kubernetis", "Manchster").
 */
export interface PhraseHit<T> {
  value: T;
  /** The text as the user wrote it. */
  text: string;
  start: number;
  end: number;
}

const escape = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const WORD = 'a-z0-9';

/** Terms matched only in the exact case written here (lower-cased they are ordinary words). */
const EXACT_CASE: Readonly<Record<string, string>> = { go: 'Go' };

function damerauAtMostOne(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swap
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.slice(i + 1) === short.slice(i); // insertion or deletion
}

export class PhraseMatcher<T> {
  private readonly lookup = new Map<string, T>();
  private readonly pattern: RegExp | undefined;
  private readonly fuzzyWords: { word: string; value: T }[] = [];

  constructor(
    entries: Iterable<readonly [term: string, value: T]>,
    private readonly capitalisedOnly: ReadonlySet<string> = new Set(),
  ) {
    for (const [term, value] of entries) {
      const key = term.toLowerCase();
      if (!this.lookup.has(key)) this.lookup.set(key, value);
    }
    const terms = [...this.lookup.keys()].sort((a, b) => b.length - a.length);
    if (terms.length > 0) {
      this.pattern = new RegExp(
        `(?<![${WORD}])(?:${terms.map(escape).join('|')})(?![${WORD}])`,
        'gi',
      );
    }
    for (const term of terms) {
      if (/^[a-z]{7,}$/.test(term) && !this.capitalisedOnly.has(term)) {
        this.fuzzyWords.push({ word: term, value: this.lookup.get(term) as T });
      }
    }
  }

  private accepts(written: string): boolean {
    const key = written.toLowerCase();
    const exact = EXACT_CASE[key];
    if (exact) return written === exact;
    if (key.length <= 2 && /[a-z]/.test(key)) return written === written.toUpperCase();
    if (this.capitalisedOnly.has(key)) return /^[A-Z]/.test(written);
    return true;
  }

  /** Exact (case-insensitive) hits, then one-typo hits on the words no exact hit covered. */
  find(text: string, options: { fuzzy?: boolean } = {}): PhraseHit<T>[] {
    const hits: PhraseHit<T>[] = [];
    if (!this.pattern) return hits;
    for (const match of text.matchAll(this.pattern)) {
      const written = match[0];
      if (!this.accepts(written)) continue;
      const value = this.lookup.get(written.toLowerCase());
      if (value !== undefined) {
        hits.push({ value, text: written, start: match.index, end: match.index + written.length });
      }
    }
    if (options.fuzzy) hits.push(...this.findTypos(text, hits));
    return hits.sort((a, b) => a.start - b.start);
  }

  private findTypos(text: string, exact: PhraseHit<T>[]): PhraseHit<T>[] {
    const typos: PhraseHit<T>[] = [];
    for (const match of text.matchAll(/[A-Za-z]{6,}/g)) {
      const start = match.index;
      const end = start + match[0].length;
      if (exact.some((hit) => hit.start < end && start < hit.end)) continue;
      const word = match[0].toLowerCase();
      if (this.lookup.has(word)) continue; // an exact term refused above (case), not a typo
      const near = this.fuzzyWords.find(
        (candidate) => candidate.word[0] === word[0] && damerauAtMostOne(candidate.word, word),
      );
      if (near) typos.push({ value: near.value, text: match[0], start, end });
    }
    return typos;
  }
}
