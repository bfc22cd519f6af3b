import { formatBytes } from '../../../lib/format/format';
import { useStorageUsage } from '../../../lib/storage-usage/get-storage-usage';

/** How much of the plan's file storage is used, as a bar and in words. */
export function UsageBar() {
  const usage = useStorageUsage();
  if (usage.isPending) return <p role="status">Checking your storage…</p>;
  if (usage.isError) return <p role="alert">Storage use unavailable: {usage.error.message}</p>;
  const { usedBytes, limitBytes } = usage.data;
  if (limitBytes === null) {
    return <p>{formatBytes(usedBytes)} used. Your plan has unlimited storage.</p>;
  }
  const percent = Math.min(100, (usedBytes / limitBytes) * 100);
  const text = `${formatBytes(usedBytes)} of ${formatBytes(limitBytes)} used`;
  return (
    <div>
      <label htmlFor="storage-usage" style={{ display: 'block', fontWeight: 600 }}>
        Storage
      </label>
      <progress
        id="storage-usage"
        max={100}
        value={Number(percent.toFixed(2))}
        aria-valuetext={text}
        style={{ width: '100%', height: '1rem' }}
      />
      <p style={{ margin: '0.25rem 0 0' }} data-testid="storage-usage-text">
        {text}
      </p>
    </div>
  );
}
