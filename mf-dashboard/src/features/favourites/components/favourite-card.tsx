import {
  Button,
  Card,
  Cluster,
  Label,
  ProfileAvatar,
  RatingSummary,
  Spacer,
  Stack,
  Text,
  TextArea,
} from '@promatch/shared';
import { FavouriteButton } from '@promatch/shared/favourites';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDay, formatGbpRange } from '../../../lib/format/format';
import type { FavouriteEntry } from '../api/get-favourites';
import { NOTE_MAX_LENGTH, useUpdateNote } from '../api/update-note';

/** One saved professional: who they are, the heart to remove them, and the private note. */
export function FavouriteCard({ entry }: { entry: FavouriteEntry }) {
  const noteId = useId();
  const p = entry.professional;
  const [note, setNote] = useState(entry.note);
  const save = useUpdateNote();
  return (
    <Card as="article" aria-labelledby={`${noteId}-name`}>
      <Cluster $gap="md" $nowrap>
        <ProfileAvatar name={p.name} src={p.avatar_url} />
        <Stack $gap="xs">
          <Text as="h3" id={`${noteId}-name`} $size="lg">
            <Link to={`/professional/${p.id}`}>{p.name}</Link>
          </Text>
          <p>
            {p.title ?? 'Professional'}
            {p.location ? ` · ${p.location}` : ''}
          </p>
        </Stack>
        <Spacer />
        <span>
          <FavouriteButton professionalId={p.id} professionalName={p.name} />
        </span>
      </Cluster>
      <p>
        {formatGbpRange(p.hourly_rate_min, p.hourly_rate_max, '/hr').replace(
          'Budget not set',
          'Rate on request',
        )}
        {' · '}
        <RatingSummary rating={Number(p.rating)} reviews={p.review_count} />
        {' · '}Saved {formatDay(entry.created_at)}
      </p>
      <Label htmlFor={noteId}>Private note</Label>
      <TextArea
        id={noteId}
        value={note}
        maxLength={NOTE_MAX_LENGTH}
        rows={2}
        onChange={(event) => setNote(event.target.value)}
      />
      <Button
        type="button"
        $size="sm"
        disabled={save.isPending || note === entry.note}
        onClick={() => save.mutate({ id: entry.id, note })}
        aria-label={`Save note about ${p.name}`}
      >
        Save note
      </Button>
    </Card>
  );
}
