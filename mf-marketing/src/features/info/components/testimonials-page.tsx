import { Page, useSeo } from '@promatch/shared';
import { TestimonialsGrid } from '../../../lib/professionals/components/testimonials-grid';

export function TestimonialsPage() {
  useSeo({
    title: 'Client Testimonials',
    description:
      'Recent reviews UK businesses left for professionals they worked with through ProMatch.',
    path: '/testimonials',
  });
  return (
    <Page
      heading="Client Testimonials"
      lead="What UK businesses say about professionals they worked with through ProMatch: the latest reviews, unedited."
    >
      <TestimonialsGrid limit={12} />
    </Page>
  );
}
