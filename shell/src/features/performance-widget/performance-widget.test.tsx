import { lightTheme } from '@promatch/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import type { CollectedMetrics } from './collect-metrics';
import { PerformanceWidget } from './performance-widget';

jest.mock('./collect-metrics', () => ({
  collectMetrics: async (report: (change: CollectedMetrics) => void) => {
    report({ lcp: 2000, cls: 0.3, inp: 80, loadTime: 900 });
    return () => {};
  },
}));

test('shows the spec score and each metric with its rating', async () => {
  render(
    <ThemeProvider theme={lightTheme}>
      <PerformanceWidget />
    </ThemeProvider>,
  );
  // LCP over 1500 (-10), CLS over 0.25 (-20): 70.
  const toggle = await screen.findByRole('button', { name: 'Performance score: 70' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('heading', { name: 'Performance score 70/100' })).toBeVisible();
  expect(screen.getByText('2000 ms (needs work)')).toBeInTheDocument();
  expect(screen.getByText('0.300 (poor)')).toBeInTheDocument();
  expect(screen.getByText('900 ms (good)')).toBeInTheDocument();
  expect(screen.getByText('80 ms')).toBeInTheDocument();
  expect(screen.getByText('waiting')).toBeInTheDocument();
});
