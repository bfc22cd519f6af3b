import { Badge, Button, Card, FieldError, useSession } from '@promatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { useId, useState, type FormEvent } from 'react';
import {
  badgeStatusKey,
  EVIDENCE_MAX_FILES,
  EVIDENCE_TYPES,
  evidenceProblem,
  fetchBadgeStatus,
  requestBadge,
} from '../api/verification-api';

const day = (value: string) => format(parseISO(value), 'd MMM yyyy');

function RequestForm({ userId }: { userId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: ({ files, message }: { files: File[]; message: string }) =>
      requestBadge(userId, files, message),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: badgeStatusKey(userId) }),
    onError: (error) => setProblem(error.message),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const form = new FormData(event.currentTarget);
    const files = form.getAll('evidence').filter((f): f is File => f instanceof File && f.size > 0);
    if (files.length === 0) return setProblem('Choose at least one file as evidence.');
    if (files.length > EVIDENCE_MAX_FILES)
      return setProblem(`Send at most ${EVIDENCE_MAX_FILES} files.`);
    const bad = files.map(evidenceProblem).find((p) => p !== null);
    if (bad) return setProblem(bad);
    send.mutate({ files, message: String(form.get('message') ?? '') });
  };
  return (
    <form onSubmit={submit} aria-label="Request the verified badge" noValidate>
      <p>
        Send evidence of your qualifications or identity (for example a membership certificate).
        Only you and our verification team can open these files.
      </p>
      <p>
        <label htmlFor={`${id}-evidence`}>Evidence (PDF or image, up to 5 files of 10 MB)</label>
        <br />
        <input
          id={`${id}-evidence`}
          name="evidence"
          type="file"
          multiple
          accept={EVIDENCE_TYPES.join(',')}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
      </p>
      <p>
        <label htmlFor={`${id}-message`}>Note for the reviewer (optional)</label>
        <br />
        <textarea id={`${id}-message`} name="message" rows={2} maxLength={2000} />
      </p>
      {problem ? <FieldError id={`${id}-problem`}>{problem}</FieldError> : null}
      <Button type="submit" $size="sm" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Request verification'}
      </Button>
    </form>
  );
}

/** A professional's verified badge: its state, the latest request's decision, and the request form. */
export function ProfessionalVerification() {
  const userId = useSession((state) => state.user?.id ?? null);
  const isProfessional = useSession((state) => state.accountType === 'professional');
  const { data } = useQuery({
    queryKey: badgeStatusKey(userId ?? ''),
    enabled: isProfessional && userId !== null,
    queryFn: () => fetchBadgeStatus(userId ?? ''),
  });
  if (!isProfessional || !userId || !data) return null;
  const latest = data.latest;
  return (
    <Card as="section" aria-label="Profile verification">
      {data.verified ? (
        <p role="status">
          <Badge $tone="success">Verified</Badge> Your profile shows the verified badge.
        </p>
      ) : latest?.status === 'pending' ? (
        <p role="status">
          <Badge $tone="warning">Verification requested</Badge> Sent on {day(latest.created_at)};
          you will see the decision here and by e-mail.
        </p>
      ) : (
        <>
          {latest?.status === 'rejected' ? (
            <p role="status">
              <Badge $tone="warning">Verification refused</Badge> Reason: {latest.decision_note}
            </p>
          ) : null}
          <RequestForm userId={userId} />
        </>
      )}
    </Card>
  );
}
