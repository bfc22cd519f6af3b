/**
 * Started by the shell's entry (shell/src/features/intl-warm-up), in a worker thread of its own.
 *
 * The first Intl call in a page loads the browser's ICU locale data: 25-70 ms on this project's
 * 2 vCPU machines, on the main thread, inside whichever task first formats a price, a count or a
 * date (four times that on Lighthouse's emulated phone; docs/benchmarks.md). ICU keeps that data
 * for the whole renderer process, so loading it here, on another core, makes the page's own first
 * Intl call take under a millisecond. The formats below are the ones the pages use (en-GB
 * numbers, GBP prices, compact chart figures, month-and-year and London dates, plurals, sorting).
 * Nothing is sent back: the page never waits for this, and if it has not finished the page simply
 * pays the cost itself, as it would without it.
 */
try {
  const locale = 'en-GB';
  const now = new Date();
  new Intl.NumberFormat(locale).format(1234.5);
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'GBP' }).format(1234.5);
  new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(12345);
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(now);
  new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  }).format(now);
  new Intl.PluralRules(locale).select(1);
  new Intl.Collator(locale).compare('a', 'b');
} catch {
  // A browser without one of these formats: the page loads what it needs itself, as without this.
} finally {
  close();
}
