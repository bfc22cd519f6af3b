import { Button, useSession } from '@promatch/shared';
import {
  useExportLink,
  useLatestExport,
  useStartExport,
  type DataExport,
} from '../api/export-data';

const megabytes = (bytes: number | null) =>
  bytes === null ? '' : `${Math.max(0.1, bytes / 1024 / 1024).toFixed(1)} MB`;

function ReadyLink({ done }: { done: DataExport }) {
  const link = useExportLink(done.storage_path);
  if (link.isPending) return <p role="status">Preparing your download link…</p>;
  if (link.isError)
    return <p role="alert">The download link could not be made: {link.error.message}</p>;
  return (
    <p>
      <a href={link.data} download="promatch-data-export.json">
        Download your data (JSON, {megabytes(done.size_bytes)})
      </a>{' '}
      — {done.row_count} records and {done.file_count} files, prepared{' '}
      {new Date(done.created_at).toLocaleString('en-GB')}. The link works for an hour; come back
      here for a new one.
    </p>
  );
}

/**
 * Download my data: builds a JSON archive of every record and file the user owns in the
 * background (function export-my-data), shows its progress, then a link to the file.
 */
export function DownloadMyData() {
  const userId = useSession((state) => state.user?.id ?? '');
  const latest = useLatestExport(userId);
  const start = useStartExport(userId);
  const current = latest.data;
  const building = current?.status === 'building' || start.isPending;
  return (
    <section aria-labelledby="download-my-data">
      <h4 id="download-my-data">Download my data</h4>
      <p>
        A copy of everything ProMatch holds about you: your account and profile, and every record of
        yours (projects, proposals, messages, appointments, reviews, favourites, your team
        memberships and what you shared with teams, notifications and your choices about them, files
        and more), with the files themselves, in one JSON file.
      </p>
      {current?.status === 'building' ? (
        <p>
          <label htmlFor="export-progress">Building your export: {current.progress}%</label>{' '}
          <progress id="export-progress" max={100} value={current.progress} />
        </p>
      ) : null}
      {current?.status === 'ready' ? <ReadyLink done={current} /> : null}
      {current?.status === 'failed' ? <p role="alert">{current.error}</p> : null}
      {start.isError ? <p role="alert">{start.error.message}</p> : null}
      <Button type="button" $variant="outline" disabled={building} onClick={() => start.mutate()}>
        {current?.status === 'ready' ? 'Build a new export' : 'Download my data'}
      </Button>
    </section>
  );
}
