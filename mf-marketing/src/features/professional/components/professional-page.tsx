import { Button, Page, useSession } from '@promatch/shared';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { useProfessional } from '../api/get-professional';
import { useRecordProfileView } from '../../../lib/professionals/api/record-activity';
import { ProfileNotFound } from './profile-not-found';
import { ProfileView } from './profile-view';

/**
 * /professional/:id. Opening a FEATURED profile (the home page's cards carry ?featured=1) while
 * signed out goes to /login?returnTo=<profile path>; search results open freely.
 */
export function ProfessionalPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const featured = params.get('featured') === '1';
  // One value, read only for a featured profile: React hydrates with the store's initial state
  // (session loading) and then compares it with the browser's (known signed out); a value that
  // differs makes it render this page again synchronously, in one long task. Unfeatured, the
  // value is the same on both sides.
  const signedOutVisitor = useSession(
    (state) => featured && !state.isLoading && state.user === null,
  );
  const query = useProfessional(id);
  useRecordProfileView(query.data?.id);
  if (signedOutVisitor) {
    return <Navigate replace to={`/login?returnTo=${encodeURIComponent(`/professional/${id}`)}`} />;
  }
  if (query.isPending) return <Page heading="Loading professional profile…" />;
  if (query.isError) {
    return (
      <Page
        heading="Professional profile unavailable"
        lead={`We could not load this profile: ${query.error.message}`}
      >
        <Button type="button" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Page>
    );
  }
  if (!query.data) return <ProfileNotFound />;
  return <ProfileView professional={query.data} />;
}
