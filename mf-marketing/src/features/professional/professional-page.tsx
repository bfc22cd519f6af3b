import { Button, Page, useSession } from '@promatch/shared';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { useProfessional } from '../../lib/professionals/api/get-professional';
import { useRecordProfileView } from '../../lib/professionals/api/record-activity';
import { ProfileNotFound } from './components/profile-not-found';
import { ProfileView } from './components/profile-view';

/**
 * /professional/:id. Opening a FEATURED profile (the home page's cards carry ?featured=1) while
 * signed out goes to /login?returnTo=<profile path>; search results open freely.
 */
export function ProfessionalPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const user = useSession((state) => state.user);
  const sessionLoading = useSession((state) => state.isLoading);
  const query = useProfessional(id);
  useRecordProfileView(query.data?.id);
  if (params.get('featured') === '1' && !sessionLoading && !user) {
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
