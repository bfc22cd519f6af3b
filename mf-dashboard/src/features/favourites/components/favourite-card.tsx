import { Button, Card, Label, ProfileAvatar, RatingSummary } from '@promatch/shared';
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
      <div style={{ display: 'flex', gap: '0.75rem', alignItems: 'center' }}>
        <ProfileAvatar name={p.name} src={p.avatar_url} />
        <div>
          <h3 id={`${noteId}-name`} style={{ margin: 0, fontSize: '1.1rem' }}>
            <Link to={`/professional/${p.id}`}>{p.name}</Link>
          </h3>
          <p style={{ margin: 0 }}>
            {p.title ?? 'Professional'}
            {p.location ? ` · ${p.location}` : ''}
          </p>
        </div>
        <span style={{ marginLeft: 'auto' }}>
          <FavouriteButton professionalId={p.id} professionalName={p.name} />
        </span>
      </div>
      <p style={{ margin: '0.5rem 0' }}>
        {formatGbpRange(p.hourly_rate_min, p.hourly_rate_max, '/hr').replace(
          'Budget not set',
          'Rate on request',
        )}
        {' · '}
        <RatingSummary rating={Number(p.rating)} reviews={p.review_count} />
        {' · '}Saved {formatDay(entry.created_at)}
      </p>
      <Label htmlFor={noteId}>Private note</Label>
      <textarea
        id={noteId}
        value={note}
        maxLength={NOTE_MAX_LENGTH}
        rows={2}
        style={{ width: '100%', font: 'inherit' }}
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
