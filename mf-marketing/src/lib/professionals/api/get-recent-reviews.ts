import { getSupabaseClient, toAppError } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { professionalKeys } from './keys';

export interface Testimonial {
  id: string;
  rating: number;
  comment: string;
  created_at: string;
  professional: { id: string; name: string; title: string | null } | null;
}

/**
 * Testimonials are real reviews from the database (newest top-rated with a comment), never
 * invented quotes. Reviewers are businesses whose profiles are not public, so they stay unnamed.
 */
export async function getRecentReviews(limit: number): Promise<Testimonial[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('reviews')
    .select(
      'id,rating,comment,created_at,professional:profiles!reviews_professional_id_fkey(id,name,title)',
    )
    .gte('rating', 4)
    .not('comment', 'is', null)
    .order('created_at', { ascending: false })
    .limit(limit);
  if (error) throw toAppError(error);
  return data as unknown as Testimonial[];
}

export const recentReviewsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: professionalKeys.recentReviews(limit),
    queryFn: () => getRecentReviews(limit),
  });

export const useRecentReviews = (limit: number) => useQuery(recentReviewsQueryOptions(limit));
