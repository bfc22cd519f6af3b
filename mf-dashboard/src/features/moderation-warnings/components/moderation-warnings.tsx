import { Card, getSupabaseClient, useSession } from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';

interface Warning {
  id: string;
  message: string;
  created_at: string;
}

const SHOWN = 3;

/** The user's own warnings, newest first (moderators may read others', so filter by user). */
async function fetchWarnings(userId: string): Promise<Warning[]> {
  const client = await getSupabaseClient();
  const { data, error } = await client
    .from('moderation_warnings')
    .select('id, message, created_at')
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .limit(SHOWN);
  if (error) throw error;
  return data;
}

/** Warnings moderators sent after reviewing a report about this user (also sent by e-mail). */
export function ModerationWarnings() {
  const userId = useSession((state) => state.user?.id ?? null);
  const { data } = useQuery({
    queryKey: ['moderation-warnings', userId],
    enabled: userId !== null,
    queryFn: () => fetchWarnings(userId ?? ''),
  });
  if (!data || data.length === 0) return null;
  return (
    <Card as="section" aria-label="Warnings from our moderators">
      <h2>A warning from our moderators</h2>
      <p>
        Another member reported your conduct and our moderators reviewed it. Further reports may
        lead to your account being suspended.
      </p>
      <ul>
        {data.map((warning) => (
          <li key={warning.id}>
            {format(parseISO(warning.created_at), 'd MMM yyyy')}: {warning.message}
          </li>
        ))}
      </ul>
    </Card>
  );
}
