/*
 * Money as every page shows it: pounds sterling in the en-GB style. A subpath of its own
 * (@promatch/shared/money) so an app that formats a price does not pull in the shared index.
 */
const wholePounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});

/** Whole pounds in the en-GB style: £1,250. */
export const formatGbp = (pounds: number): string => wholePounds.format(pounds);

const poundsAndPence = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** A price as charged: whole pounds when it has no pence (£12), else with them (£12.50). */
export const formatGbpPrice = (pounds: number): string =>
  Number.isInteger(pounds) ? wholePounds.format(pounds) : poundsAndPence.format(pounds);
