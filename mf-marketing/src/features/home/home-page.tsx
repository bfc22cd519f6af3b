import { Button, Card, Page, useSeo } from '@promatch/shared';
import { Link } from 'react-router-dom';
import { HOW_IT_WORKS_STEPS } from '../../lib/content/how-it-works';
import { CardGrid } from '../../lib/professionals/components/card-grid';
import { TestimonialsGrid } from '../../lib/professionals/components/testimonials-grid';
import { CategoryBrowser } from './components/category-browser';
import { FeatureGrid, VIDEO_FEATURES, WHY_CHOOSE } from './components/feature-grid';
import { FeaturedProfessionals } from './components/featured-professionals';
import { HeroSearch } from './components/hero-search';
import { Section } from './components/section';
import { StatsBand } from './components/stats-band';

/** Home: every section of spec section 2, with figures and people from the database. */
export function HomePage() {
  useSeo({
    title: 'Find and hire verified UK professionals',
    description:
      'Search verified UK freelancers and consultants by skill, location and rate in pounds, compare real reviews, then message, video-call and hire.',
    path: '/',
  });
  return (
    <Page
      title="Find and hire verified UK professionals"
      heading="Find the right professional for your project"
      lead="Describe your project in plain English and ProMatch finds verified UK freelancers and consultants you can message, video-call and hire."
    >
      <HeroSearch />
      <StatsBand />
      <Section id="how-it-works" title="How It Works">
        <CardGrid as="ol">
          {HOW_IT_WORKS_STEPS.map((step, index) => (
            <li key={step.title}>
              <Card style={{ height: '100%' }}>
                <h3 style={{ marginTop: 0, fontSize: '1.1rem' }}>
                  {index + 1}. {step.title}
                </h3>
                <p style={{ marginBottom: 0 }}>{step.text}</p>
              </Card>
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
        intro="Six ways into our 12 service categories."
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
      <Section id="video" title="Meet on HD video before you hire">
        <FeatureGrid features={VIDEO_FEATURES} />
        <p style={{ marginTop: '1.25rem' }}>
          <Button as={Link} to="/search" $variant="cta">
            Find Video-Enabled Professionals
          </Button>
        </p>
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
