import { Badge, Button, Card, toast } from '@promatch/shared';
import { useState } from 'react';
import { formatWhen } from '../../../lib/format';
import { ReasonForm } from '../../../lib/reason-form';
import { DecisionActions, QueueItems, StatusFilter } from '../../../lib/review-queue';
import { ErrorText, Muted, SectionHeading } from '../../../lib/ui';
import { useDecideBadgeRequest } from '../api/decide-badge-request';
import { useBadgeRequests, type BadgeRequest, type RequestStatus } from '../api/get-badge-requests';
import { useEvidenceLink } from '../api/get-evidence-link';

const REQUEST_STATUSES = [
  ['pending', 'Pending'],
  ['approved', 'Approved'],
  ['rejected', 'Rejected'],
] as const satisfies readonly (readonly [RequestStatus, string])[];

/** The file name the professional uploaded (paths are <user id>/<uuid>-<name>). */
const fileName = (path: string) =>
  path
    .split('/')
    .pop()
    ?.replace(/^[0-9a-f-]{36}-/, '') ?? path;

/** One uploaded file: a button that asks for a short-lived link, then the link. */
function EvidenceLink({ path }: { path: string }) {
  const open = useEvidenceLink(path);
  return (
    <li>
      {open.data ? (
        <a href={open.data} target="_blank" rel="noreferrer">
          Open {fileName(path)}
        </a>
      ) : (
        <Button type="button" $variant="outline" $size="sm" onClick={() => open.mutate()}>
          Get a link to {fileName(path)}
        </Button>
      )}
      {open.error ? <ErrorText role="alert">{open.error.message}</ErrorText> : null}
    </li>
  );
}

function RequestItem({ request }: { request: BadgeRequest }) {
  const decision = useDecideBadgeRequest();
  const decide = (approve: boolean) => async (reason: string) => {
    await decision.mutateAsync({ request, approve, reason });
    toast({ title: approve ? 'Badge granted' : 'Request rejected' });
  };
  return (
    <li>
      <Card>
        <h3>
          {request.professional.name}{' '}
          {request.professional.verified ? <Badge $tone="success">Verified</Badge> : null}
        </h3>
        <p>
          {request.professional.email ?? 'no e-mail'}, asked {formatWhen(request.created_at)}.
        </p>
        <p>Their note: {request.message ?? 'none'}</p>
        <ul aria-label={`Evidence from ${request.professional.name}`}>
          {request.evidence_paths.map((path) => (
            <EvidenceLink key={path} path={path} />
          ))}
        </ul>
        {request.status === 'pending' ? (
          <DecisionActions>
            <ReasonForm
              action="Grant badge"
              reasonLabel="Note to the professional"
              onConfirm={decide(true)}
            />
            <ReasonForm
              action="Refuse badge"
              reasonLabel="Reason the professional sees"
              variant="destructive"
              onConfirm={decide(false)}
            />
          </DecisionActions>
        ) : (
          <p>
            {request.status === 'approved' ? 'Approved' : 'Rejected'}{' '}
            {formatWhen(request.reviewed_at)}: {request.decision_note}
          </p>
        )}
      </Card>
    </li>
  );
}

/** Professionals asking for the verified badge, with the evidence they uploaded. */
export function ProfessionalRequests() {
  const [status, setStatus] = useState<RequestStatus>('pending');
  const queue = useBadgeRequests(status);
  return (
    <section aria-labelledby="professional-requests-heading">
      <SectionHeading id="professional-requests-heading">
        Professionals&apos; badge requests
      </SectionHeading>
      <Muted>
        The professional sees the decision and its reason on their dashboard and by e-mail;
        approving grants the verified badge.
      </Muted>
      <StatusFilter
        label="Requests"
        value={status}
        options={REQUEST_STATUSES}
        onChange={setStatus}
      />
      <QueueItems queue={queue} empty="No requests here.">
        {(request) => <RequestItem key={request.id} request={request} />}
      </QueueItems>
    </section>
  );
}
