import { Button, useSession } from '@promatch/shared';
import type { ParsedRequest } from '@promatch/shared/matching';
import { Link, useNavigate } from 'react-router-dom';
import { useSaveAsProject } from '../api/save-as-project';
import { MIN_PROJECT_DESCRIPTION, projectDraftFrom } from '../utils/project-draft';

/**
 * Business accounts save the request as a draft project (then edit and publish it there);
 * visitors are offered a business account first, and the description waits for them.
 */
export function SaveAsProject({ request }: { request: ParsedRequest }) {
  const navigate = useNavigate();
  const userId = useSession((state) => state.user?.id);
  const accountType = useSession((state) => state.accountType);
  const save = useSaveAsProject();
  if (!userId) {
    return (
      <p>
        <Link to="/register?returnTo=%2Fai-matching">Create a business account</Link> to save this
        as a project professionals can apply to.
      </p>
    );
  }
  if (accountType !== 'business') return null;
  const tooShort = request.text.trim().length < MIN_PROJECT_DESCRIPTION;
  return (
    <p>
      <Button
        type="button"
        $variant="secondary"
        disabled={tooShort || save.isPending}
        onClick={() =>
          save.mutate(projectDraftFrom(request), {
            onSuccess: (id) => navigate(`/projects/${id}`),
          })
        }
      >
        {save.isPending ? 'Saving…' : 'Save as a project'}
      </Button>{' '}
      {tooShort
        ? `Describe the work in at least ${MIN_PROJECT_DESCRIPTION} characters to save it.`
        : null}
      {save.isError ? (
        <span role="alert">Could not save the project: {save.error.message}</span>
      ) : null}
    </p>
  );
}
