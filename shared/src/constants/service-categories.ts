/** The fixed list of 12 service categories; profiles, search and sign-up links use these slugs. */
export type CategoryDomain = 'technology' | 'business' | 'hybrid';

export interface ServiceCategory {
  id: string;
  name: string;
  slug: string;
  domain: CategoryDomain;
  description: string;
  searchTerms: string[];
}

const category = (
  slug: string,
  name: string,
  description: string,
  searchTerms: string[],
  domain: CategoryDomain = 'technology',
): ServiceCategory => ({ id: slug, slug, name, description, searchTerms, domain });

export const SERVICE_CATEGORIES: readonly ServiceCategory[] = [
  category(
    'software-development',
    'Software Development',
    'Web, mobile and back-end engineering.',
    ['developer', 'software engineer', 'react', 'node', 'python', 'full stack'],
  ),
  category(
    'devops-infrastructure',
    'DevOps & Infrastructure',
    'CI/CD, containers, infrastructure as code.',
    ['devops', 'kubernetes', 'terraform', 'ci/cd', 'sre'],
  ),
  category(
    'database-management',
    'Database Management',
    'Design, tuning and administration of databases.',
    ['dba', 'postgresql', 'sql server', 'database', 'data modelling'],
  ),
  category(
    'ux-ui-design',
    'UX/UI Design',
    'Research, interaction and visual design.',
    ['ux', 'ui', 'product design', 'figma', 'user research'],
    'hybrid',
  ),
  category(
    'business-analysis',
    'Business Analysis',
    'Requirements, processes and change.',
    ['business analyst', 'requirements', 'process mapping', 'stakeholders'],
    'business',
  ),
  category(
    'project-management',
    'Project Management',
    'Delivery, agile coaching and programme management.',
    ['project manager', 'scrum master', 'prince2', 'agile', 'delivery'],
    'business',
  ),
  category(
    'cybersecurity',
    'Cybersecurity',
    'Security assessments, penetration testing and compliance.',
    ['security', 'penetration testing', 'iso 27001', 'cyber essentials', 'soc'],
  ),
  category(
    'cloud-services',
    'Cloud Services',
    'AWS, Azure and Google Cloud architecture and migration.',
    ['aws', 'azure', 'gcp', 'cloud architect', 'migration'],
  ),
  category(
    'system-administration',
    'System Administration',
    'Servers, networks and IT operations.',
    ['sysadmin', 'linux', 'windows server', 'networking', 'it support'],
  ),
  category(
    'it-consulting',
    'IT Consulting',
    'Strategy, digital transformation and technology advice.',
    ['it consultant', 'digital transformation', 'it strategy', 'cto'],
    'hybrid',
  ),
  category(
    'ai-machine-learning',
    'AI & Machine Learning',
    'Models, data science and AI products.',
    ['machine learning', 'ai', 'data science', 'llm', 'nlp'],
  ),
  category(
    'quality-assurance',
    'Quality Assurance',
    'Test strategy, automation and quality engineering.',
    ['qa', 'testing', 'test automation', 'playwright', 'selenium'],
  ),
];

/** The category with this slug, or with this name in any case ('ux/ui design' as in a URL). */
export function findServiceCategory(
  slugOrName: string | null | undefined,
): ServiceCategory | undefined {
  const wanted = slugOrName?.trim().toLowerCase();
  if (!wanted) return undefined;
  return SERVICE_CATEGORIES.find(
    (candidate) => candidate.slug === wanted || candidate.name.toLowerCase() === wanted,
  );
}
