import { Button, Card, FieldError, toast } from '@promatch/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { TextArea } from '../../../lib/form-controls';
import {
  replySchema,
  reviewSchema,
  useProjectReview,
  useReplyToReview,
  useSubmitReview,
  type ProjectReview as Review,
  type ReplyValues,
  type ReviewInput,
  type ReviewValues,
} from '../api/reviews';
import { Stars } from './stars';

function ReviewForm({ projectId, professionalId, name }: Props) {
  const submit = useSubmitReview();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReviewInput, unknown, ReviewValues>({
    resolver: zodResolver(reviewSchema),
    defaultValues: { comment: '' },
  });
  const onSubmit = handleSubmit((values) =>
    submit.mutate(
      { ...values, project_id: projectId, professional_id: professionalId },
      { onSuccess: () => toast({ title: 'Review published', variant: 'success' }) },
    ),
  );
  return (
    <form noValidate aria-label={`Review ${name}`} onSubmit={(e) => void onSubmit(e)}>
      <fieldset aria-describedby={errors.rating ? 'rating-error' : undefined}>
        <legend>Your rating</legend>
        {[5, 4, 3, 2, 1].map((n) => (
          <label key={n} style={{ marginRight: '1rem' }}>
            <input type="radio" value={n} {...register('rating')} /> {n}{' '}
            {n === 1 ? 'star' : 'stars'}
          </label>
        ))}
        {errors.rating ? (
          <FieldError id="rating-error" role="alert">
            {errors.rating.message}
          </FieldError>
        ) : null}
      </fieldset>
      <TextArea label="Your review" error={errors.comment?.message} {...register('comment')} />
      {submit.isError ? <p role="alert">{submit.error.message}</p> : null}
      <Button type="submit" $variant="cta" disabled={submit.isPending}>
        Publish review
      </Button>
    </form>
  );
}

function ReplyForm({ review }: { review: Review }) {
  const reply = useReplyToReview();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReplyValues>({ resolver: zodResolver(replySchema), defaultValues: { reply: '' } });
  const onSubmit = handleSubmit((values) => reply.mutate({ id: review.id, reply: values.reply }));
  return (
    <form noValidate aria-label="Reply to the review" onSubmit={(e) => void onSubmit(e)}>
      <TextArea
        label="Your reply"
        hint="You can reply once; it appears under the review on your public profile."
        error={errors.reply?.message}
        {...register('reply')}
      />
      {reply.isError ? <p role="alert">{reply.error.message}</p> : null}
      <Button type="submit" disabled={reply.isPending}>
        Publish reply
      </Button>
    </form>
  );
}

interface Props {
  projectId: string;
  professionalId: string;
  /** The hired professional's name. */
  name: string;
}

/**
 * The review of a completed project: the business that hired writes it once; the professional
 * replies once. Both appear on the professional's public profile.
 */
export function ProjectReview({
  projectId,
  professionalId,
  name,
  as,
}: Props & { as: 'business' | 'professional' }) {
  const review = useProjectReview(projectId);
  if (review.isPending) return <p role="status">Loading the review…</p>;
  if (review.isError)
    return <p role="alert">The review could not be loaded: {review.error.message}</p>;
  const r = review.data;
  return (
    <Card as="section" aria-labelledby="project-review">
      <h2 id="project-review">Review</h2>
      {!r ? (
        as === 'business' ? (
          <ReviewForm projectId={projectId} professionalId={professionalId} name={name} />
        ) : (
          <p>The business has not reviewed this project yet.</p>
        )
      ) : (
        <>
          <p>
            <Stars rating={r.rating} />
          </p>
          <p>{r.comment}</p>
          {r.professional_reply ? (
            <p>
              <strong>Reply from {name}:</strong> {r.professional_reply}
            </p>
          ) : as === 'professional' ? (
            <ReplyForm review={r} />
          ) : null}
        </>
      )}
    </Card>
  );
}
