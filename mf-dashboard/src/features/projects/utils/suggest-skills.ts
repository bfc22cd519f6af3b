import { SERVICE_CATEGORIES } from '@promatch/shared/categories';

/**
 * Skills we can recognise in a plain-English description: a short list of common names, matched
 * as whole words. A suggestion only: the business picks which to keep. The matching engine's own
 * parser replaces this list once it is part of @promatch/shared.
 */
const KNOWN_SKILLS = [
  'React',
  'TypeScript',
  'JavaScript',
  'Node.js',
  'Python',
  'Django',
  'Java',
  'Kotlin',
  'Swift',
  'Go',
  'Rust',
  'C#',
  '.NET',
  'PHP',
  'Laravel',
  'Ruby on Rails',
  'Vue',
  'Angular',
  'Next.js',
  'GraphQL',
  'REST API',
  'PostgreSQL',
  'MySQL',
  'SQL Server',
  'MongoDB',
  'Redis',
  'AWS',
  'Azure',
  'GCP',
  'Docker',
  'Kubernetes',
  'Terraform',
  'CI/CD',
  'Linux',
  'Figma',
  'User research',
  'Accessibility',
  'Scrum',
  'Agile',
  'PRINCE2',
  'Penetration testing',
  'ISO 27001',
  'Machine learning',
  'Data analysis',
  'Power BI',
  'Salesforce',
  'SharePoint',
  'Shopify',
  'WordPress',
  'Playwright',
  'Selenium',
  'iOS',
  'Android',
  'Flutter',
  'React Native',
] as const;

const ALIASES: Record<string, string> = {
  node: 'Node.js',
  nodejs: 'Node.js',
  postgres: 'PostgreSQL',
  ts: 'TypeScript',
  js: 'JavaScript',
  k8s: 'Kubernetes',
  'pen testing': 'Penetration testing',
  pentest: 'Penetration testing',
  ml: 'Machine learning',
  ux: 'User research',
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordPattern = (term: string) =>
  new RegExp(`(^|[^a-z0-9+#.])${escape(term.toLowerCase())}(?=$|[^a-z0-9+#])`, 'i');

/** Skills named in the text, in the order of the list, without duplicates. */
export function suggestSkills(text: string): string[] {
  const found = new Set<string>();
  for (const skill of KNOWN_SKILLS) if (wordPattern(skill).test(text)) found.add(skill);
  for (const [alias, skill] of Object.entries(ALIASES))
    if (wordPattern(alias).test(text)) found.add(skill);
  return [...found];
}

/** The category whose search terms the text mentions most, or null when none is mentioned. */
export function suggestCategory(text: string): string | null {
  let best: { slug: string; hits: number } | null = null;
  for (const category of SERVICE_CATEGORIES) {
    const hits = [category.name, ...category.searchTerms].filter((term) =>
      wordPattern(term).test(text),
    ).length;
    if (hits > 0 && (!best || hits > best.hits)) best = { slug: category.slug, hits };
  }
  return best?.slug ?? null;
}
