import { Badge, Button, Card, Page, toast } from '@promatch/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatWhen } from '../../../lib/format';
import { ReasonForm } from '../../../lib/reason-form';
import { DecisionActions, QueueItems, StatusFilter } from '../../../lib/review-queue';
import { ErrorText, Muted, Toolbar } from '../../../lib/ui';
import {
  useModerationQueue,
  type QueuedReport,
  type ReportStatus,
} from '../api/get-moderation-queue';
import { useReportContext } from '../api/get-report-context';
import { useResolveReport, type ModerationAction } from '../api/resolve-report';
import { REASON_LABELS } from '../utils/reason-labels';

const Transcript = styled.ol`
  list-style: none;
  padding: 0;
  margin: 0.75rem 0;
  display: grid;
  gap: 0.5rem;
  li {
    padding: 0.5rem 0.75rem;
    border-left: 3px solid ${({ theme }) => theme.colors.border};
  }
  li[data-reported='true'] {
    border-left-color: ${({ theme }) => theme.colors.danger};
    font-weight: 600;
  }
`;

const REPORT_STATUSES = [
  ['open', 'Open'],
  ['actioned', 'Actioned'],
  ['dismissed', 'Dismissed'],
  ['all', 'All'],
] as const satisfies readonly (readonly [ReportStatus, string])[];

const OUTCOME_TOASTS: Record<ModerationAction, string> = {
  dismiss: 'Report dismissed',
  warn: 'Warning sent',
  suspend: 'User suspended',
};

function ReportContextView({ reportId }: { reportId: string }) {
  const context = useReportContext(reportId, true);
  if (context.isPending) return <p role="status">Loading the conversation…</p>;
  if (context.isError) return <ErrorText role="alert">{context.error.message}</ErrorText>;
  if (context.data.messages.length === 0) {
    return <Muted>No messages: this report was not filed from a conversation.</Muted>;
  }
  return (
    <Transcript aria-label="Reported conversation">
      {context.data.messages.map((m) => (
        <li key={m.id} data-reported={m.reported ? 'true' : 'false'}>
          <span>
            {m.sender_name ?? 'Deleted user'}, {formatWhen(m.created_at)}
            {m.reported ? ' (reported message)' : ''}:
          </span>{' '}
          {m.content}
        </li>
      ))}
    </Transcript>
  );
}

function ReportItem({ report }: { report: QueuedReport }) {
  const [showContext, setShowContext] = useState(false);
  const resolve = useResolveReport();
  const act = (action: ModerationAction) => async (note: string) => {
    await resolve.mutateAsync({
      reportId: report.id,
      reportedId: report.reported.id,
      action,
      note,
    });
    toast({ title: OUTCOME_TOASTS[action] });
  };
  const open = report.status === 'open' || report.status === 'reviewing';
  return (
    <li>
      <Card>
        <h2>
          Report about{' '}
          <Link to={`/management/users/${report.reported.id}`}>{report.reported.name}</Link>{' '}
          <Badge>{REASON_LABELS[report.reason]}</Badge>
          {report.reported.suspended ? <Badge $tone="warning">Suspended</Badge> : null}
        </h2>
        <p>
          Reported by {report.reporter.name} on {formatWhen(report.created_at)}.{' '}
          {report.reported.name} has {report.reported.reports}{' '}
          {report.reported.reports === 1 ? 'report' : 'reports'} in total.
        </p>
        <p>Reporter&apos;s words: {report.details ?? 'none given'}</p>
        {open ? null : (
          <p>
            Outcome: {report.outcome ?? report.status} on {formatWhen(report.reviewed_at)}
            {report.resolution_note ? `: ${report.resolution_note}` : ''}
          </p>
        )}
        {report.conversation_id ? (
          <Toolbar>
            <Button
              type="button"
              $variant="outline"
              $size="sm"
              aria-expanded={showContext}
              onClick={() => setShowContext((v) => !v)}
            >
              {showContext ? 'Hide the conversation' : 'Show the conversation'}
            </Button>
          </Toolbar>
        ) : null}
        {showContext ? <ReportContextView reportId={report.id} /> : null}
        {open ? (
          <DecisionActions $minColumn="14rem">
            <ReasonForm action="Dismiss" reasonLabel="Outcome note" onConfirm={act('dismiss')} />
            <ReasonForm
              action="Warn"
              reasonLabel="Warning the user reads"
              variant="outline"
              onConfirm={act('warn')}
            />
            <ReasonForm
              action="Suspend"
              reasonLabel="Outcome note"
              variant="destructive"
              onConfirm={act('suspend')}
            />
          </DecisionActions>
        ) : null}
      </Card>
    </li>
  );
}

export function ModerationPage() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const queue = useModerationQueue(status);
  return (
    <Page
      heading="Moderation"
      lead="Reports members filed from their conversations. Dismiss, warn (the member reads the warning on their dashboard and by e-mail) or suspend; the outcome is kept on the report and in the audit log. Opening a conversation is recorded in the audit log too."
    >
      <StatusFilter label="Show" value={status} options={REPORT_STATUSES} onChange={setStatus} />
      <QueueItems queue={queue} loading="Loading reports…" empty="No reports here.">
        {(report) => <ReportItem key={report.id} report={report} />}
      </QueueItems>
    </Page>
  );
}
