// The package's own singleton entry, never a relative path: a subpath entry is bundled into each
// app, and a relative import would give it a second supabase client.
import { getSupabaseClient, toAppError } from '@promatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '../validation/zod';

/** What a review is about: a completed project or a completed appointment (call). */
export interface ReviewSubject {
  kind: 'project' | 'appointment';
  id: string;
}

/** Query keys of reviews: never write one inline. */
export const reviewKeys = {
  all: ['reviews'] as const,
  forSubject: ({ kind, id }: ReviewSubject) => ['reviews', kind, id] as const,
};

export interface Review {
  id: string;
  rating: number;
  comment: string | null;
  professional_reply: string | null;
  replied_at: string | null;
  created_at: string;
}

const SUBJECT_COLUMN = { project: 'project_id', appointment: 'appointment_id' } as const;

/** The business's review of the project or the call, if any (reviews are public). */
export async function getReview(subject: ReviewSubject): Promise<Review | null> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('reviews')
    .select('id, rating, comment, professional_reply, replied_at, created_at')
    .eq(SUBJECT_COLUMN[subject.kind], subject.id)
    .maybeSingle();
  if (error) throw toAppError(error);
  return data;
}

export const useReview = (subject: ReviewSubject) =>
  useQuery({
    queryKey: reviewKeys.forSubject(subject),
    queryFn: () => getReview(subject),
    staleTime: 0,
  });

const RATING_MESSAGE = 'Choose a rating from 1 to 5 stars';
export const reviewSchema = z.object({
  rating: z.coerce
    .number({ message: RATING_MESSAGE })
    .int()
    .min(1, RATING_MESSAGE)
    .max(5, RATING_MESSAGE),
  comment: z.string().trim().min(10, 'Write at least 10 characters about the work').max(5000),
});
export type ReviewValues = z.output<typeof reviewSchema>;

/** The business's one review of the professional for this project or call. */
export async function submitReview(
  input: ReviewValues & { subject: ReviewSubject; professionalId: string },
): Promise<void> {
  const supabase = await getSupabaseClient();
  const { kind, id } = input.subject;
  const { error } = await supabase.from('reviews').insert({
    professional_id: input.professionalId,
    project_id: kind === 'project' ? id : null,
    appointment_id: kind === 'appointment' ? id : null,
    rating: input.rating,
    comment: input.comment,
  });
  if (error) {
    const already = `You have already reviewed this ${kind === 'project' ? 'project' : 'call'}.`;
    throw toAppError(error.code === '23505' ? { ...error, message: already } : error);
  }
}

export const replySchema = z.object({
  reply: z.string().trim().min(2, 'Write your reply').max(5000),
});

/** The professional's one public reply to a review. */
export async function replyToReview(input: { id: string; reply: string }): Promise<void> {
  const supabase = await getSupabaseClient();
  const { error } = await supabase
    .from('reviews')
    .update({ professional_reply: input.reply })
    .eq('id', input.id);
  if (error) throw toAppError(error);
}

function useReviewMutation<T>(fn: (input: T) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
export const useSubmitReview = () => useReviewMutation(submitReview);
export const useReplyToReview = () => useReviewMutation(replyToReview);
