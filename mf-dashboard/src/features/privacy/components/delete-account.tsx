import { Button, Card, TextField, toast, useSession } from '@promatch/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { deleteAccount, DELETE_CONFIRMATION } from '../api/delete-account';

/** Delete my account: typed confirmation, then the account, its data and files are removed. */
export function DeleteAccount() {
  const [typed, setTyped] = useState('');
  const headingId = useId();
  const clearSession = useSession((state) => state.clearSession);
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      clearSession();
      toast({ title: 'Your account has been deleted', description: 'You have been signed out.' });
      navigate('/', { replace: true });
    },
  });
  return (
    <Card as="section" aria-labelledby={headingId}>
      <h3 id={headingId}>Delete my account</h3>
      <p>
        This removes your profile, plan and usage, favourites, projects and proposals, teams, files
        (from storage too), conversations and messages, appointments, reviews you gave and received,
        and your usage analytics. It cannot be undone. You are signed out straight away.
      </p>
      <TextField
        label={`Type ${DELETE_CONFIRMATION} to confirm`}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
      />
      {remove.isError ? <p role="alert">{remove.error.message}</p> : null}
      <Button
        type="button"
        $variant="destructive"
        disabled={typed !== DELETE_CONFIRMATION || remove.isPending}
        onClick={() => remove.mutate(typed)}
      >
        {remove.isPending ? 'Deleting…' : 'Delete my account permanently'}
      </Button>
    </Card>
  );
}
