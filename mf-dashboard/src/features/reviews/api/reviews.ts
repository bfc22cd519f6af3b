import { getSupabaseClient, toAppError } from '@promatch/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@promatch/shared/validation';

export const reviewKeys = {
  all: ['reviews'] as const,
  forProject: (projectId: string) => [...reviewKeys.all, 'project', projectId] as const,
};

export interface ProjectReview {
  id: string;
  rating: number;
  comment: string | null;
  professional_reply: string | null;
  replied_at: string | null;
  created_at: string;
}

/** The review left on a completed project, if any (reviews are public). */
export async function getProjectReview(projectId: string): Promise<ProjectReview | null> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('reviews')
    .select('id, rating, comment, professional_reply, replied_at, created_at')
    .eq('project_id', projectId)
    .maybeSingle();
  if (error) throw toAppError(error);
  return data;
}

export const projectReviewQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: reviewKeys.forProject(projectId),
    queryFn: () => getProjectReview(projectId),
    staleTime: 0,
  });
export const useProjectReview = (projectId: string) =>
  useQuery(projectReviewQueryOptions(projectId));

export const reviewSchema = z.object({
  rating: z.coerce
    .number({ message: 'Choose a rating from 1 to 5 stars' })
    .int()
    .min(1, 'Choose a rating from 1 to 5 stars')
    .max(5, 'Choose a rating from 1 to 5 stars'),
  comment: z.string().trim().min(10, 'Write at least 10 characters about the work').max(5000),
});
export type ReviewInput = z.input<typeof reviewSchema>;
export type ReviewValues = z.output<typeof reviewSchema>;

/** The business's one review of the professional it hired for the project. */
export async function submitReview(
  input: ReviewValues & { project_id: string; professional_id: string },
) {
  const supabase = await getSupabaseClient();
  const { error } = await supabase.from('reviews').insert(input);
  if (error) {
    throw toAppError(
      error.code === '23505'
        ? { ...error, message: 'You have already reviewed this professional.' }
        : error,
    );
  }
}

export const replySchema = z.object({
  reply: z.string().trim().min(2, 'Write your reply').max(5000),
});
export type ReplyValues = z.output<typeof replySchema>;

/** The professional's one public reply to a review. */
export async function replyToReview(input: { id: string; reply: string }) {
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
