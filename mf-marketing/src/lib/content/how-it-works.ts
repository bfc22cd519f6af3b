/** The three steps of 'How It Works' (home page and /how-it-works). */
export const HOW_IT_WORKS_STEPS = [
  {
    title: 'Search or browse',
    text: 'Search by skill, role or town, e.g. “PostgreSQL reporting”, or browse the 12 service categories.',
  },
  {
    title: 'Compare and talk',
    text: 'Compare rates in pounds, reviews, response times and verification, then sign in and message the people you like.',
  },
  {
    title: 'Agree the work',
    text: 'Agree scope and rate in your messages. Reviews come only from businesses that completed an appointment with the professional.',
  },
] as const;
