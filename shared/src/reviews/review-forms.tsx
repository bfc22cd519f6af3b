import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { toast } from '@promatch/shared';
import { Button } from '../ui/button';
import { fieldControl, FieldError, LabelledField } from '../ui/form/field';
import {
  replySchema,
  reviewSchema,
  useReplyToReview,
  useSubmitReview,
  type Review,
  type ReviewSubject,
} from './reviews-api';

const TextArea = styled.textarea`
  ${fieldControl}
  min-height: 6rem;
  resize: vertical;
`;

const Choice = styled.label`
  margin-right: 1rem;
`;

type Errors = Partial<Record<'rating' | 'comment', string>>;

function validate(rating: string, comment: string) {
  const parsed = reviewSchema.safeParse({ rating: rating || undefined, comment });
  if (parsed.success) return { values: parsed.data, errors: {} as Errors };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof Errors;
    errors[field] ??= issue.message;
  }
  return { values: null, errors };
}

export interface ReviewFormProps {
  subject: ReviewSubject;
  professionalId: string;
  /** The professional's name. */
  name: string;
}

/** The business's review: 1 to 5 stars and at least ten characters about the work. */
export function ReviewForm({ subject, professionalId, name }: ReviewFormProps) {
  const submit = useSubmitReview();
  const id = useId();
  const [rating, setRating] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(rating, comment);
    setErrors(checked.errors);
    if (!checked.values) return;
    submit.mutate(
      { ...checked.values, subject, professionalId },
      { onSuccess: () => toast({ title: 'Review published', variant: 'success' }) },
    );
  };
  return (
    <form noValidate aria-label={`Review ${name}`} onSubmit={onSubmit}>
      <fieldset aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
        <legend>Your rating</legend>
        {[5, 4, 3, 2, 1].map((n) => (
          <Choice key={n}>
            <input
              type="radio"
              name={`${id}-rating`}
              value={n}
              checked={rating === String(n)}
              onChange={() => setRating(String(n))}
            />{' '}
            {n} {n === 1 ? 'star' : 'stars'}
          </Choice>
        ))}
        {errors.rating ? (
          <FieldError id={`${id}-rating-error`} role="alert">
            {errors.rating}
          </FieldError>
        ) : null}
      </fieldset>
      <LabelledField label="Your review" error={errors.comment}>
        {(control) => (
          <TextArea {...control} value={comment} onChange={(e) => setComment(e.target.value)} />
        )}
      </LabelledField>
      {submit.isError ? <p role="alert">{submit.error.message}</p> : null}
      <Button type="submit" $variant="cta" disabled={submit.isPending}>
        Publish review
      </Button>
    </form>
  );
}

/** The professional's one public reply. */
export function ReplyForm({ review }: { review: Review }) {
  const reply = useReplyToReview();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = replySchema.safeParse({ reply: text });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) reply.mutate({ id: review.id, reply: parsed.data.reply });
  };
  return (
    <form noValidate aria-label="Reply to the review" onSubmit={onSubmit}>
      <LabelledField
        label="Your reply"
        hint="You can reply once; it appears under the review on your public profile."
        error={error}
      >
        {(control) => (
          <TextArea {...control} value={text} onChange={(e) => setText(e.target.value)} />
        )}
      </LabelledField>
      {reply.isError ? <p role="alert">{reply.error.message}</p> : null}
      <Button type="submit" disabled={reply.isPending}>
        Publish reply
      </Button>
    </form>
  );
}
