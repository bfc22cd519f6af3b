import { screen } from '@testing-library/react';
import { renderWithProviders } from '@promatch/shared/testing';
import TimeChart from './time-chart';

const rows = [
  { day: '2026-11-24', sent: 2, received: 1 },
  { day: '2026-11-25', sent: 0, received: 5 },
];
const series = [
  { key: 'sent', label: 'Sent', colour: '#2563eb' },
  { key: 'received', label: 'Received', colour: '#16a34a' },
] as const;

describe('a chart over time', () => {
  afterEach(() => jest.restoreAllMocks());

  it('draws at the size of its area, with a key naming each series', () => {
    // jsdom lays nothing out: the area reports the size a browser would.
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 600,
      height: 220,
    } as DOMRect);
    const { container } = renderWithProviders(<TimeChart rows={rows} xKey="day" series={series} />);
    const surface = container.querySelector('svg.recharts-surface');
    expect(surface?.getAttribute('width')).toBe('600');
    expect(surface?.getAttribute('height')).toBe('220');
    expect(container.querySelectorAll('.recharts-line')).toHaveLength(2);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Sent',
      'Received',
    ]);
  });

  it('draws its axes when there is nothing to plot (every day empty)', () => {
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 600,
      height: 220,
    } as DOMRect);
    const empty = rows.map((row) => ({ ...row, sent: 0, received: 0 }));
    const { container } = renderWithProviders(
      <TimeChart rows={empty} xKey="day" series={series} kind="bar" />,
    );
    const labels = [
      ...container.querySelectorAll(
        '.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value',
      ),
    ].map((label) => label.textContent);
    expect(labels).toEqual(['2026-11-24', '2026-11-25']);
    expect(container.querySelectorAll('svg.recharts-surface path')).toHaveLength(0);
  });

  it('draws nothing while its area has no size (hidden), but still names the series', () => {
    const { container } = renderWithProviders(
      <TimeChart rows={rows} xKey="day" series={series} kind="bar" />,
    );
    expect(container.querySelector('svg.recharts-surface')).toBeNull();
    expect(screen.getByText('Received')).toBeInTheDocument();
  });
});
