import { Button, Cluster } from '@promatch/shared';
import { useId, useState } from 'react';
import type { Partner } from '../api/get-conversation-partners';
import styled from 'styled-components';

export interface ShareControlProps {
  fileName: string;
  sharedWith: string[];
  partners: Partner[];
  saving: boolean;
  onSave(sharedWith: string[]): void;
}

/** Ticks for each conversation partner; saving replaces who may download the file. */
const ShareFieldset = styled.fieldset`
  margin: ${({ theme }) => theme.space.sm} 0;
`;

const BlockLabel = styled.label`
  display: block;
`;

const ShareActions = styled(Cluster)`
  margin-top: ${({ theme }) => theme.space.sm};
`;

export function ShareControl({
  fileName,
  sharedWith,
  partners,
  saving,
  onSave,
}: ShareControlProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>(sharedWith);
  if (!open) {
    return (
      <Button
        type="button"
        $size="sm"
        $variant="outline"
        aria-label={`Share ${fileName}`}
        onClick={() => {
          setChosen(sharedWith);
          setOpen(true);
        }}
      >
        Share
      </Button>
    );
  }
  return (
    <ShareFieldset id={id}>
      <legend>Share {fileName} with</legend>
      {partners.length === 0 ? (
        <p>You can share files with people you have a conversation with. You have none yet.</p>
      ) : (
        partners.map((partner) => (
          <BlockLabel key={partner.id}>
            <input
              type="checkbox"
              checked={chosen.includes(partner.id)}
              onChange={(event) =>
                setChosen((current) =>
                  event.target.checked
                    ? [...current, partner.id]
                    : current.filter((item) => item !== partner.id),
                )
              }
            />{' '}
            {partner.name}
          </BlockLabel>
        ))
      )}
      <ShareActions>
        <Button
          type="button"
          $size="sm"
          disabled={saving || partners.length === 0}
          onClick={() => {
            // Readers who are no longer partners stay as they were; only partners are toggled.
            const others = sharedWith.filter((reader) => !partners.some((p) => p.id === reader));
            onSave([
              ...others,
              ...chosen.filter((reader) => partners.some((p) => p.id === reader)),
            ]);
            setOpen(false);
          }}
        >
          Save sharing
        </Button>
        <Button type="button" $size="sm" $variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </ShareActions>
    </ShareFieldset>
  );
}
