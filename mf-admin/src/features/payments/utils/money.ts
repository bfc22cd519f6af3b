const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** An amount in pence as pounds: 123400 → "£1,234.00". */
export const formatPence = (pence: number) => gbp.format(pence / 100);
