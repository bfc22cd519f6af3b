import { formatRateRange } from '../../../lib/professionals/format';
import type { ProfessionalCard } from '../../../lib/professionals/types';

/** schema.org Person markup for a profile (what search engines show for a person). */
export function personJsonLd(p: ProfessionalCard, url: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': url,
    url,
    name: p.name,
    jobTitle: p.title ?? undefined,
    description: p.description ?? undefined,
    knowsAbout: p.skills,
    address: p.location
      ? { '@type': 'PostalAddress', addressLocality: p.location, addressCountry: 'GB' }
      : undefined,
    makesOffer: {
      '@type': 'Offer',
      description: `Hourly rate ${formatRateRange(p.hourly_rate_min, p.hourly_rate_max)}`,
      priceCurrency: 'GBP',
    },
  };
}
