import { renderWithProviders, stubPerformanceEntries } from '@promatch/shared/testing';
import { screen, within } from '@testing-library/react';
import { PerformancePage } from './performance-page';

jest.mock('web-vitals', () => ({
  onLCP: (report: (metric: { value: number }) => void) => report({ value: 1400 }),
  onCLS: (report: (metric: { value: number }) => void) => report({ value: 0.02 }),
  // A slow interaction: were INP scored as FID it would cost 20 points.
  onINP: (report: (metric: { value: number }) => void) => report({ value: 350 }),
}));

let restore: () => void;
afterEach(() => restore());

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });

it('scores First Input Delay from the first-input entry, and shows INP without scoring it', async () => {
  restore = stubPerformanceEntries({
    firstInput: { startTime: 2000, processingStart: 2075 },
    loadEventEnd: 1200,
  });
  renderWithProviders(<PerformancePage />);
  // FID 75 ms is over 50 (-10); INP 350 ms costs nothing.
  expect(
    await screen.findByRole('heading', { name: 'Your performance score: 90/100' }),
  ).toBeVisible();
  expect(within(row('First Input Delay')).getByText('75 ms')).toBeVisible();
  expect(within(row('First Input Delay')).getByText('needs improvement (−10)')).toBeVisible();
  expect(within(row('Interaction to Next Paint')).getByText('350 ms')).toBeVisible();
  expect(within(row('Interaction to Next Paint')).getByText('shown, not scored')).toBeVisible();
  expect(within(row('Largest Contentful Paint')).getByText('good')).toBeVisible();
  expect(within(row('Page load time')).getByText('1200 ms')).toBeVisible();
});

it('leaves FID unmeasured until the visitor first interacts', async () => {
  restore = stubPerformanceEntries({});
  renderWithProviders(<PerformancePage />);
  expect(
    await screen.findByRole('heading', { name: 'Your performance score: 100/100' }),
  ).toBeVisible();
  expect(within(row('First Input Delay')).getByText('Not measured yet')).toBeVisible();
});
