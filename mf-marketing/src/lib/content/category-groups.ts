/**
 * The six category cards of the home page (spec section 1). Each maps onto the 12 service
 * categories stored on profiles, or onto a text search where no stored category fits (marketing,
 * creative and healthcare are sectors, found in titles, skills and descriptions).
 */
export interface CategoryGroup {
  slug: string;
  title: string;
  description: string;
  services: string[];
  categories?: string[];
  query?: string;
}

export const CATEGORY_GROUPS: readonly CategoryGroup[] = [
  {
    slug: 'development',
    title: 'Development',
    description: 'Web, mobile, data and AI engineering.',
    services: ['Web applications', 'Mobile apps', 'Databases', 'AI & machine learning'],
    categories: [
      'software-development',
      'database-management',
      'ai-machine-learning',
      'quality-assurance',
    ],
  },
  {
    slug: 'design',
    title: 'Design',
    description: 'Research-led product, UX and UI design.',
    services: ['User research', 'UI design', 'Design systems', 'Prototyping'],
    categories: ['ux-ui-design'],
  },
  {
    slug: 'marketing',
    title: 'Marketing',
    description: 'Digital marketing analysis, SEO and campaign insight.',
    services: ['SEO', 'Marketing analytics', 'Campaign reporting', 'Customer insight'],
    query: 'marketing',
  },
  {
    slug: 'creative',
    title: 'Creative',
    description: 'Visual and interaction design for brands and media.',
    services: ['Brand-led UI', 'Figma prototypes', 'Media projects', 'Accessible design'],
    query: 'creative or media or figma',
  },
  {
    slug: 'technical',
    title: 'Technical',
    description: 'Cloud, infrastructure, security and IT operations.',
    services: ['Cloud architecture', 'DevOps', 'Cybersecurity', 'System administration'],
    categories: [
      'devops-infrastructure',
      'cloud-services',
      'system-administration',
      'cybersecurity',
    ],
  },
  {
    slug: 'healthcare',
    title: 'Healthcare',
    description: 'Professionals with NHS and healthcare-sector experience.',
    services: ['NHS digital projects', 'Clinical systems', 'Health data', 'Information governance'],
    query: 'healthcare or nhs',
  },
];

export const findCategoryGroup = (slug: string | null | undefined) =>
  CATEGORY_GROUPS.find((group) => group.slug === slug);
