import { Button, Card, Label, useSession } from '@promatch/shared';
import { useId } from 'react';
import styled from 'styled-components';
import { useConversationPartners } from '../api/get-conversation-partners';
import { useFiles } from '../api/get-files';
import { useFileMutations } from '../api/use-file-mutations';
import { FileRow } from './file-row';
import { UsageBar } from './usage-bar';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: 0.6rem 0.5rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
    text-align: left;
  }
`;

/** Upload, list, download, share and delete files, with the plan's storage use above. */
export function FilesTab() {
  const inputId = useId();
  const userId = useSession((state) => state.user?.id);
  const files = useFiles();
  const partners = useConversationPartners();
  const { upload, progress, share, remove, download } = useFileMutations();
  const mine = files.data?.filter((file) => file.owner_id === userId) ?? [];
  const shared = files.data?.filter((file) => file.owner_id !== userId) ?? [];

  const table = (list: typeof mine, caption: string, own: boolean) => (
    <Table>
      <caption style={{ textAlign: 'left', fontWeight: 700, padding: '0.5rem 0' }}>
        {caption}
      </caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Size</th>
          <th scope="col">Added</th>
          <th scope="col">{own ? 'Shared' : 'Owner'}</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {list.map((file) => (
          <FileRow
            key={file.id}
            file={file}
            mine={own}
            partners={partners.data ?? []}
            busy={share.isPending || remove.isPending}
            onDownload={() => download.mutate(file)}
            onShare={(sharedWith) => share.mutate({ id: file.id, sharedWith })}
            onDelete={() => remove.mutate(file)}
          />
        ))}
      </tbody>
    </Table>
  );

  return (
    <div style={{ display: 'grid', gap: '1.25rem' }}>
      <Card as="section" aria-label="Storage and upload">
        <UsageBar />
        <div style={{ marginTop: '1rem' }}>
          <Label htmlFor={inputId}>Upload a file</Label>
          <input
            id={inputId}
            type="file"
            disabled={upload.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) upload.mutate(file);
            }}
          />
          {progress !== null ? (
            <div style={{ marginTop: '0.5rem' }}>
              <progress
                max={100}
                value={progress}
                aria-label="Upload progress"
                style={{ width: '100%' }}
              />
              <span role="status">Uploading… {progress}%</span>
            </div>
          ) : null}
          <p style={{ fontSize: '0.9rem' }}>
            Documents, spreadsheets, presentations, images and archives up to 5 GB each, within your
            plan&apos;s storage. Large files upload in parts and carry on after a dropped
            connection.
          </p>
        </div>
      </Card>
      <Card as="section" aria-label="Your files">
        {files.isPending ? <p role="status">Loading your files…</p> : null}
        {files.isError ? (
          <div role="alert">
            <p>We could not load your files: {files.error.message}</p>
            <Button type="button" onClick={() => void files.refetch()}>
              Try again
            </Button>
          </div>
        ) : null}
        {files.data ? (
          mine.length > 0 ? (
            table(mine, 'Your files', true)
          ) : (
            <p>You have not uploaded any files yet.</p>
          )
        ) : null}
        {shared.length > 0 ? table(shared, 'Shared with you', false) : null}
      </Card>
    </div>
  );
}
