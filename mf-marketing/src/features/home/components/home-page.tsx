import { Page, Text, useSeo } from '@promatch/shared';
import { HOW_IT_WORKS_STEPS } from '../../../lib/content/how-it-works';
import { CardGrid, FillCard } from '../../../lib/professionals/components/card-grid';
import { TestimonialsGrid } from '../../../lib/professionals/components/testimonials-grid';
import { CategoryBrowser } from './category-browser';
import { FeatureGrid, WHY_CHOOSE } from './feature-grid';
import { FeaturedProfessionals } from './featured-professionals';
import { HeroSearch } from './hero-search';
import { Section } from './section';
import { StatsBand } from './stats-band';
import { VideoCalls } from './video-calls';

/** Home: the hero search and the sections below it, with figures and people from the database. */
export function HomePage() {
  useSeo({
    title: 'Find and hire verified UK professionals',
    description:
      'Search UK freelancers and consultants by skill, location and rate in pounds, compare their reviews, then message the ones you like.',
    path: '/',
  });
  return (
    <Page
      title="Find and hire verified UK professionals"
      heading="Find the right professional for your project"
      lead="Search UK freelancers and consultants by skill, role or town, compare their rates and reviews, and message them once you have signed in."
    >
      <HeroSearch />
      <StatsBand />
      <Section id="how-it-works" title="How It Works">
        <CardGrid as="ol">
          {HOW_IT_WORKS_STEPS.map((step, index) => (
            <li key={step.title}>
              <FillCard>
                <Text as="h3" $size="lg">
                  {index + 1}. {step.title}
                </Text>
                <p>{step.text}</p>
              </FillCard>
            </li>
          ))}
        </CardGrid>
      </Section>
      <Section id="why-choose" title="Why Choose ProMatch">
        <FeatureGrid features={WHY_CHOOSE} />
      </Section>
      <Section
        id="categories"
        title="Browse by category"
        intro="Our 12 service categories, with how many professionals offer each today."
      >
        <CategoryBrowser />
      </Section>
      <Section
        id="featured"
        title="Featured experts"
        intro="Verified, available now and top rated by their clients."
      >
        <FeaturedProfessionals />
      </Section>
      <Section
        id="video-calls"
        title="Video calls built in"
        intro="Meet the people you are thinking of hiring without leaving ProMatch."
      >
        <VideoCalls />
      </Section>
      <Section
        id="testimonials"
        title="What clients say"
        intro="The latest reviews businesses left on ProMatch."
      >
        <TestimonialsGrid limit={6} />
      </Section>
    </Page>
  );
}
