import styled from 'styled-components';
import type { CallStats, NetworkQuality } from '../utils/providers/call-provider';

const QUALITY_LABEL: Record<NetworkQuality, string> = {
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
  unknown: 'Measuring…',
};
const BARS: Record<NetworkQuality, number> = { good: 3, fair: 2, poor: 1, unknown: 0 };

const Bars = styled.span`
  display: inline-flex;
  gap: 2px;
  align-items: flex-end;
  margin-right: 0.4rem;

  span {
    width: 4px;
    background: ${({ theme }) => theme.colors.border};
  }
  span[data-on='true'] {
    background: ${({ theme }) => theme.colors.success};
  }
  /* Signal bars, rising 8, 12 and 16 px. */
  span:nth-child(1) {
    height: 8px;
  }
  span:nth-child(2) {
    height: 12px;
  }
  span:nth-child(3) {
    height: 16px;
  }
`;

/** The connection's quality in a word and three bars, from the call's statistics. */
export function NetworkIndicator({ quality }: { quality: NetworkQuality }) {
  return (
    <span data-testid="network-quality" data-quality={quality}>
      <Bars aria-hidden="true">
        {[1, 2, 3].map((bar) => (
          <span key={bar} data-on={bar <= BARS[quality]} />
        ))}
      </Bars>
      Connection: {QUALITY_LABEL[quality]}
    </span>
  );
}

const Table = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.25rem 1rem;
  margin: 0.5rem 0 0;

  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

const size = (w: number | null, h: number | null) => (w && h ? `${w}×${h}` : '–');

/** The figures behind the indicator, including the resolution actually sent and received. */
export function StatsPanel({
  stats,
  camera,
}: {
  stats: CallStats;
  camera: MediaStreamTrack | null;
}) {
  const settings = camera?.getSettings();
  return (
    <details>
      <summary>Call statistics</summary>
      <Table>
        <dt>Camera captures</dt>
        <dd data-testid="stats-camera-resolution">
          {size(settings?.width ?? null, settings?.height ?? null)}
        </dd>
        <dt>Sending</dt>
        <dd data-testid="stats-sent-resolution">{size(stats.sentWidth, stats.sentHeight)}</dd>
        <dt>Receiving</dt>
        <dd data-testid="stats-remote-resolution">
          {size(stats.remoteWidth, stats.remoteHeight)}
          {stats.remoteFps ? ` at ${Math.round(stats.remoteFps)} fps` : ''}
        </dd>
        <dt>Round trip</dt>
        <dd>{stats.roundTripMs === null ? '–' : `${stats.roundTripMs} ms`}</dd>
        <dt>Packet loss</dt>
        <dd>{stats.packetLoss === null ? '–' : `${(stats.packetLoss * 100).toFixed(1)} %`}</dd>
        <dt>Jitter</dt>
        <dd>{stats.jitterMs === null ? '–' : `${stats.jitterMs} ms`}</dd>
      </Table>
    </details>
  );
}
