/** The three steps of 'How It Works' (home page and /how-it-works). */
export const HOW_IT_WORKS_STEPS = [
  {
    title: 'Describe your project',
    text: 'Search in plain English, e.g. “a PostgreSQL expert to tune our reporting database”, or browse the 12 service categories.',
  },
  {
    title: 'Compare and talk',
    text: 'Compare rates in pounds, reviews, response times and verification, then message or video-call the people you like.',
  },
  {
    title: 'Hire with confidence',
    text: 'Agree scope and rate, work together through ProMatch and leave a review when the project is done.',
  },
] as const;
