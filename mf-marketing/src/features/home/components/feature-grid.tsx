import { Text } from '@promatch/shared';
import { CardGrid, FillCard } from '../../../lib/professionals/components/card-grid';

export interface Feature {
  title: string;
  text: string;
}

/** A grid of short feature descriptions (Why Choose). */
export function FeatureGrid({ features }: { features: readonly Feature[] }) {
  return (
    <CardGrid as="ul">
      {features.map((feature) => (
        <li key={feature.title}>
          <FillCard>
            <Text as="h3" $size="lg">
              {feature.title}
            </Text>
            <p>{feature.text}</p>
          </FillCard>
        </li>
      ))}
    </CardGrid>
  );
}

export const WHY_CHOOSE: readonly Feature[] = [
  {
    title: 'Search that forgives typos',
    text: 'Type a skill, role or town; full-text search across titles, skills and experience still finds “kubernetis”.',
  },
  {
    title: 'Verified professionals',
    text: 'A verified badge marks professionals the ProMatch team has checked. Filter to verified people only.',
  },
  {
    title: 'UK businesses, checked',
    text: 'Business accounts are tied to a UK company registration from the Companies House register.',
  },
  {
    title: 'Clear rates in pounds',
    text: 'Every profile shows an hourly rate range in GBP, so you can compare before you talk.',
  },
  {
    title: 'Real reviews',
    text: 'Ratings come only from businesses that completed an appointment with the professional.',
  },
  {
    title: 'Your data, your rights',
    text: 'UK GDPR built in: ask to see, correct or erase your data. Analytics cookies only with consent.',
  },
];
