import { act, fireEvent, screen, within } from '@testing-library/react';
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
    const surface = container.querySelector('svg.time-chart');
    expect(surface?.getAttribute('width')).toBe('600');
    expect(surface?.getAttribute('height')).toBe('220');
    expect(container.querySelectorAll('path.visx-linepath')).toHaveLength(2);
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
    const labels = [...container.querySelectorAll('.visx-axis-bottom text')].map(
      (label) => label.textContent,
    );
    expect(labels).toEqual(['2026-11-24', '2026-11-25']);
    expect(container.querySelectorAll('svg.time-chart .visx-bar')).toHaveLength(0);
  });

  it('labels the y axis in whole numbers, up to at least 1 for figures under 1', () => {
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 600,
      height: 220,
    } as DOMRect);
    const small = rows.map((row) => ({ ...row, sent: 0.4, received: 0.2 }));
    const { container } = renderWithProviders(
      <TimeChart rows={small} xKey="day" series={series} />,
    );
    const labels = [...container.querySelectorAll('.visx-axis-left text')].map(
      (label) => label.textContent,
    );
    expect(labels).toEqual(['0', '1']);
  });

  it('writes at most six dates under the axis, at a fixed step', () => {
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 600,
      height: 220,
    } as DOMRect);
    const month = Array.from({ length: 30 }, (_, index) => ({
      day: `2026-11-${String(index + 1).padStart(2, '0')}`,
      sent: index,
      received: 30 - index,
    }));
    const { container } = renderWithProviders(
      <TimeChart rows={month} xKey="day" series={series} />,
    );
    const labels = [...container.querySelectorAll('.visx-axis-bottom text')].map(
      (label) => label.textContent,
    );
    expect(labels).toEqual([
      '2026-11-01',
      '2026-11-06',
      '2026-11-11',
      '2026-11-16',
      '2026-11-21',
      '2026-11-26',
    ]);
  });

  it("shows a day's figures under the pointer, a dash where a series has none", () => {
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 600,
      height: 220,
    } as DOMRect);
    const gap = [{ day: '2026-11-24', sent: 2, received: null }, rows[1]];
    const { container } = renderWithProviders(
      <TimeChart
        rows={gap}
        xKey="day"
        series={series}
        kind="bar"
        formatY={(value) => `${value} messages`}
      />,
    );
    const overlay = container.querySelector('svg.time-chart rect[fill="transparent"]');
    expect(overlay).not.toBeNull();
    // jsdom has no PointerEvent; a mouse event of that type carries the pointer's position.
    act(() => {
      overlay?.dispatchEvent(new MouseEvent('pointermove', { bubbles: true, clientX: 0 }));
    });
    const tip = within(screen.getByRole('tooltip'));
    expect(tip.getByText('2026-11-24')).toBeInTheDocument();
    expect(tip.getByText('Sent: 2 messages')).toBeInTheDocument();
    expect(tip.getByText('Received: —')).toBeInTheDocument();
    fireEvent.pointerLeave(overlay as Element);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('draws nothing while its area has no size (hidden), but still names the series', () => {
    const { container } = renderWithProviders(
      <TimeChart rows={rows} xKey="day" series={series} kind="bar" />,
    );
    expect(container.querySelector('svg.time-chart')).toBeNull();
    expect(screen.getByText('Received')).toBeInTheDocument();
  });
});
