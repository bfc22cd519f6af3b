import { lightTheme } from '@promatch/shared';
import { stubPerformanceEntries } from '@promatch/shared/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { PerformanceWidget } from './performance-widget';

jest.mock('web-vitals', () => ({
  onLCP: (report: (metric: { value: number }) => void) => report({ value: 2000 }),
  onCLS: (report: (metric: { value: number }) => void) => report({ value: 0.3 }),
  onINP: (report: (metric: { value: number }) => void) => report({ value: 80 }),
}));

let restore: () => void;
beforeEach(() => {
  restore = stubPerformanceEntries({
    firstInput: { startTime: 500, processingStart: 530 },
    loadEventEnd: 900,
  });
});
afterEach(() => restore());

test('shows the performance score and each metric with its rating', async () => {
  render(
    <ThemeProvider theme={lightTheme}>
      <PerformanceWidget />
    </ThemeProvider>,
  );
  // LCP over 1500 (-10), CLS over 0.25 (-20), FID 30 ms within budget: 70.
  const toggle = await screen.findByRole('button', { name: 'Performance score: 70' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('heading', { name: 'Performance score 70/100' })).toBeVisible();
  expect(screen.getByText('2000 ms (needs work)')).toBeInTheDocument();
  expect(screen.getByText('0.300 (poor)')).toBeInTheDocument();
  expect(screen.getByText('30 ms (good)')).toBeInTheDocument();
  expect(screen.getByText('900 ms (good)')).toBeInTheDocument();
  // INP is shown without a rating: it is not scored.
  expect(screen.getByText('80 ms')).toBeInTheDocument();
});
