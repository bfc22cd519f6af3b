/** The three steps of 'How It Works' (home page and /how-it-works). */
export const HOW_IT_WORKS_STEPS = [
  {
    title: 'Describe, search or browse',
    text: 'Describe your project in plain English and get ranked matches with the reasons for each, search by skill, role or town, e.g. “PostgreSQL reporting”, or browse the 12 service categories.',
  },
  {
    title: 'Compare and talk',
    text: 'Compare rates in pounds, reviews, response times and verification, then sign in to message them, book a call or talk on video.',
  },
  {
    title: 'Agree the work',
    text: 'Post the project, compare proposals and hire. Reviews come only from businesses whose project with the professional was completed.',
  },
] as const;
