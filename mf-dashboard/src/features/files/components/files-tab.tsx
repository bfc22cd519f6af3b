import { Button, Card, DataTable, Label, Stack, Text, useSession } from '@promatch/shared';
import { useId } from 'react';
import styled from 'styled-components';
import { useConversationPartners } from '../api/get-conversation-partners';
import { useFiles } from '../api/get-files';
import { useFileMutations } from '../api/use-file-mutations';
import { FileRow } from './file-row';
import { UsageBar } from './usage-bar';

const Upload = styled.div`
  margin-top: ${({ theme }) => theme.space.lg};
`;

const Progress = styled.div`
  margin-top: ${({ theme }) => theme.space.sm};
  progress {
    width: 100%;
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
    <DataTable
      caption={caption}
      columns={['Name', 'Size', 'Added', own ? 'Shared' : 'Owner', 'Actions']}
    >
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
    </DataTable>
  );

  return (
    <Stack $gap="xl">
      <Card as="section" aria-label="Storage and upload">
        <UsageBar />
        <Upload>
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
            <Progress>
              <progress max={100} value={progress} aria-label="Upload progress" />
              <span role="status">Uploading… {progress}%</span>
            </Progress>
          ) : null}
          <Text $size="sm">
            Documents, spreadsheets, presentations, images and archives up to 5 GB each, within your
            plan&apos;s storage. Large files upload in parts and carry on after a dropped
            connection.
          </Text>
        </Upload>
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
    </Stack>
  );
}
