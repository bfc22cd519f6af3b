import { Badge, Card, Page, toast } from '@promatch/shared';
import styled from 'styled-components';
import { formatWhen } from '../../../lib/format';
import { ReasonForm } from '../../../lib/reason-form';
import { DecisionActions, QueueItems } from '../../../lib/review-queue';
import { ErrorText, Muted } from '../../../lib/ui';
import { useDisputes, type DisputedMilestone } from '../api/get-disputes';
import { useFeeIncome } from '../api/get-fee-income';
import { useReconciliation, type Drift, type DriftProblem } from '../api/get-reconciliation';
import { useResolveDispute, type DisputeOutcome } from '../api/resolve-dispute';
import { formatPence } from '../utils/money';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  gap: 1rem;
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0.25rem 0 0;
    font-size: 1.5rem;
  }
`;

const STAGE: Record<NonNullable<DisputedMilestone['disputed_from']>, string> = {
  funded: 'funded, not yet delivered',
  delivered: 'delivered, not yet approved',
  approved: 'approved, not yet paid out',
};

function openedBy(d: DisputedMilestone): string {
  if (d.opened_by === 'business') return `the business (${d.business.name ?? 'deleted account'})`;
  if (d.opened_by === 'professional') {
    return `the professional (${d.professional.name ?? 'deleted account'})`;
  }
  return 'a party (not recorded)';
}

function FeeIncomeCard() {
  const income = useFeeIncome();
  return (
    <Card>
      <section aria-labelledby="fee-income-heading">
        <h2 id="fee-income-heading">Platform fee income</h2>
        {income.isPending ? <p role="status">Loading fee income…</p> : null}
        {income.isError ? <ErrorText role="alert">{income.error.message}</ErrorText> : null}
        {income.data ? (
          <Figures>
            <div>
              <dt>This month</dt>
              <dd data-testid="fee-this-month">{formatPence(income.data.this_month_pence)}</dd>
            </div>
            <div>
              <dt>All time</dt>
              <dd data-testid="fee-all-time">{formatPence(income.data.all_time_pence)}</dd>
            </div>
          </Figures>
        ) : null}
        <Muted>
          The sum of the fees kept from released milestones, as the ledger records them. This month
          starts on the 1st, UK time.
        </Muted>
      </section>
    </Card>
  );
}

const PROBLEMS: Record<DriftProblem, string> = {
  missing_in_ledger: 'At the provider, not in the ledger',
  missing_at_provider: 'In the ledger, not at the provider',
  amount_differs: 'Amounts differ',
};

const amount = (pence: number | null) => (pence === null ? '—' : formatPence(pence));

function DriftRow({ drift }: { drift: Drift }) {
  return (
    <tr>
      <td>{PROBLEMS[drift.problem]}</td>
      <td>{drift.object}</td>
      <td>
        <code>{drift.provider_id}</code>
      </td>
      <td>{amount(drift.ledger_pence)}</td>
      <td>{amount(drift.provider_pence)}</td>
    </tr>
  );
}

/** The latest reconciliation of the ledger with the provider's charges, transfers and refunds. */
function ReconciliationCard() {
  const run = useReconciliation();
  const data = run.data;
  return (
    <Card>
      <section aria-labelledby="reconciliation-heading">
        <h2 id="reconciliation-heading">Reconciliation with the payment provider</h2>
        {run.isPending ? <p role="status">Loading the last reconciliation…</p> : null}
        {run.isError ? <ErrorText role="alert">{run.error.message}</ErrorText> : null}
        {run.isSuccess && !data ? <p>No reconciliation has run yet.</p> : null}
        {data ? (
          <>
            <p data-testid="reconciliation-summary">
              Last run {formatWhen(data.finished_at)}:{' '}
              {data.drift_count === 0
                ? 'the ledger and the provider agree.'
                : `${data.drift_count} difference${data.drift_count === 1 ? '' : 's'} found.`}{' '}
              {(['charge', 'transfer', 'refund'] as const)
                .map((kind) => `${data.checked[kind]?.provider ?? 0} ${kind}s`)
                .join(', ')}{' '}
              at the provider compared.
            </p>
            {data.drifts.length > 0 ? (
              <table>
                <caption>Differences found</caption>
                <thead>
                  <tr>
                    <th scope="col">Problem</th>
                    <th scope="col">Object</th>
                    <th scope="col">Provider id</th>
                    <th scope="col">Ledger</th>
                    <th scope="col">Provider</th>
                  </tr>
                </thead>
                <tbody>
                  {data.drifts.map((drift) => (
                    <DriftRow key={drift.id} drift={drift} />
                  ))}
                </tbody>
              </table>
            ) : null}
          </>
        ) : null}
        <Muted>
          Every hour the server compares the provider&apos;s charges, transfers and refunds of the
          last 35 days with the ledger (the last 10 minutes are left to webhooks still arriving).
        </Muted>
      </section>
    </Card>
  );
}

const OUTCOME_TOASTS: Record<DisputeOutcome, string> = {
  release: 'Released to the professional',
  refund: 'Refunded to the business',
};

function DisputeItem({ dispute }: { dispute: DisputedMilestone }) {
  const resolve = useResolveDispute();
  const decide = (outcome: DisputeOutcome) => async (reason: string) => {
    await resolve.mutateAsync({ milestoneId: dispute.id, outcome, reason });
    toast({ title: OUTCOME_TOASTS[outcome] });
  };
  return (
    <li aria-label={dispute.description}>
      <Card>
        <h2>
          {dispute.description} <Badge $tone="warning">Disputed</Badge>
        </h2>
        <p>
          <strong>{formatPence(dispute.amount_pence)}</strong> on{' '}
          {dispute.project_title ?? 'a deleted project'}:{' '}
          {dispute.business.name ?? 'deleted account'} (business) paying{' '}
          {dispute.professional.name ?? 'deleted account'} (professional).
        </p>
        <p>
          Opened by {openedBy(dispute)} on {formatWhen(dispute.opened_at)}
          {dispute.disputed_from ? `, when the milestone was ${STAGE[dispute.disputed_from]}` : ''}.
        </p>
        <p>Reason given: {dispute.reason ?? 'none given'}</p>
        <DecisionActions $minColumn="14rem">
          <ReasonForm
            action="Release"
            reasonLabel="Reason for the decision"
            onConfirm={decide('release')}
          />
          <ReasonForm
            action="Refund"
            reasonLabel="Reason for the decision"
            variant="destructive"
            onConfirm={decide('refund')}
          />
        </DecisionActions>
      </Card>
    </li>
  );
}

/** Staff with the payments area: the platform's fee income and the disputes to decide. */
export function PaymentsPage() {
  const disputes = useDisputes();
  return (
    <Page
      heading="Payments"
      lead="Disputed milestones are frozen until you decide. Release sends the professional the amount less the platform fee; Refund returns the whole amount to the business's card. Your reason is kept in the audit log."
    >
      <FeeIncomeCard />
      <ReconciliationCard />
      <h2>Disputes</h2>
      <QueueItems queue={disputes} loading="Loading disputes…" empty="No disputed milestones.">
        {(dispute) => <DisputeItem key={dispute.id} dispute={dispute} />}
      </QueueItems>
    </Page>
  );
}
