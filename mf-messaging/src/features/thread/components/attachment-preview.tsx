import styled from 'styled-components';
import { useAttachmentUrl } from '../api/attachment-url';
import { formatBytes } from '../api/attachment-limits';
import type { Attachment } from '../../../lib/messages/message-row';

const Image = styled.img`
  display: block;
  max-width: 100%;
  max-height: 16rem;
  border-radius: 0.5rem;
  margin-bottom: 0.25rem;
`;

/** An image is shown; any other file is a download link with its name and size. */
export function AttachmentPreview({ attachment }: { attachment: Attachment }) {
  const { data: url } = useAttachmentUrl(attachment.path);
  const label = `${attachment.name} (${formatBytes(attachment.size)})`;
  if (attachment.type.startsWith('image/')) {
    return url ? (
      <a href={url} target="_blank" rel="noopener noreferrer">
        <Image src={url} alt={attachment.name} />
      </a>
    ) : (
      <span>{label}</span>
    );
  }
  return url ? (
    <a href={url} download={attachment.name} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  ) : (
    <span>{label}</span>
  );
}
