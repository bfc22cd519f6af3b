import { getSupabaseClient, toAppError } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { professionalKeys } from '../../../lib/professionals/api/keys';

export interface Review {
  id: string;
  rating: number;
  comment: string | null;
  /** The professional's one public reply. */
  professional_reply: string | null;
  created_at: string;
}

/** The latest reviews of a professional (reviews are public; reviewer identities are not shown). */
export async function getProfessionalReviews(id: string): Promise<Review[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('reviews')
    .select('id,rating,comment,professional_reply,created_at')
    .eq('professional_id', id)
    .order('created_at', { ascending: false })
    .limit(10);
  if (error) throw toAppError(error);
  return data as Review[];
}

export const professionalReviewsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: professionalKeys.reviews(id),
    queryFn: () => getProfessionalReviews(id),
  });

export const useProfessionalReviews = (id: string) => useQuery(professionalReviewsQueryOptions(id));
