import { Button, Cluster } from '@promatch/shared';
import { useState } from 'react';
import { formatBytes, formatDay } from '../../../lib/format/format';
import type { Partner } from '../api/get-conversation-partners';
import type { StoredFile } from '../api/get-files';
import { ShareControl } from './share-control';
import styled from 'styled-components';

export interface FileRowProps {
  file: StoredFile;
  mine: boolean;
  partners: Partner[];
  busy: boolean;
  onDownload(): void;
  onShare(sharedWith: string[]): void;
  onDelete(): void;
}

/** The file's name heads its row, in the weight of a header cell. */
const FileName = styled.th`
  && {
    font-weight: 600;
  }
`;

/** One file: what it is, who it is shared with, and what the user may do with it. */
export function FileRow({
  file,
  mine,
  partners,
  busy,
  onDownload,
  onShare,
  onDelete,
}: FileRowProps) {
  const [confirming, setConfirming] = useState(false);
  const names = file.shared_with
    .map((id) => partners.find((partner) => partner.id === id)?.name)
    .filter(Boolean);
  return (
    <tr>
      <FileName scope="row">{file.name}</FileName>
      <td>{formatBytes(file.size_bytes)}</td>
      <td>{formatDay(file.created_at)}</td>
      <td>
        {mine
          ? names.length > 0
            ? `Shared with ${names.join(', ')}`
            : file.shared_with.length > 0
              ? `Shared with ${file.shared_with.length}`
              : 'Only you'
          : `From ${file.owner?.name ?? 'someone'}`}
      </td>
      <td>
        <Cluster>
          <Button
            type="button"
            $size="sm"
            $variant="secondary"
            aria-label={`Download ${file.name}`}
            onClick={onDownload}
          >
            Download
          </Button>
          {mine ? (
            <>
              <ShareControl
                fileName={file.name}
                sharedWith={file.shared_with}
                partners={partners}
                saving={busy}
                onSave={onShare}
              />
              {confirming ? (
                <>
                  <Button
                    type="button"
                    $size="sm"
                    $variant="destructive"
                    disabled={busy}
                    onClick={onDelete}
                  >
                    Delete {file.name} for good
                  </Button>
                  <Button
                    type="button"
                    $size="sm"
                    $variant="ghost"
                    onClick={() => setConfirming(false)}
                  >
                    Keep it
                  </Button>
                </>
              ) : (
                <Button
                  type="button"
                  $size="sm"
                  $variant="outline"
                  aria-label={`Delete ${file.name}`}
                  onClick={() => setConfirming(true)}
                >
                  Delete
                </Button>
              )}
            </>
          ) : null}
        </Cluster>
      </td>
    </tr>
  );
}
