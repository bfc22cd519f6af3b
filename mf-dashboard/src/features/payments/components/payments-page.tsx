import { Badge, Button, Card, Page, useSession, VisuallyHidden } from '@promatch/shared';
import { Link, useSearchParams } from 'react-router-dom';
import {
  useApproveMilestone,
  useCancelAndRefund,
  useFundMilestone,
  useLedger,
  useMilestones,
  useMilestoneStep,
  usePayoutAccount,
  useStartOnboarding,
  type Milestone,
  type MilestoneStatus,
  type Movement,
  type PayoutStatus,
} from '../api/payments';
import { APPROVAL_WINDOW_DAYS, feePence, formatDay, formatPence } from './money';

const STATUS_LABELS: Record<MilestoneStatus, string> = {
  draft: 'Not funded',
  funded: 'Funded: payment held',
  delivered: 'Delivered: waiting for approval',
  approved: 'Approved: releasing payment',
  released: 'Paid to the professional',
  cancelled: 'Cancelled',
  refund_pending: 'Refund in progress',
  refunded: 'Refunded',
  disputed: 'Disputed: on hold',
};

/** Statuses a milestone only reaches once the business has paid: it has a receipt. */
const PAID: ReadonlySet<MilestoneStatus> = new Set([
  'funded',
  'delivered',
  'approved',
  'released',
  'refund_pending',
  'refunded',
  'disputed',
]);

const PAYOUT_LABELS: Record<PayoutStatus, string> = {
  pending: 'Pending: setup not finished',
  restricted: 'Restricted: the payment provider needs more details',
  enabled: 'Enabled: you can be paid',
};

const MOVEMENT_LABELS: Record<Movement['kind'], string> = {
  charge: 'Card payment',
  fee: 'Platform fee',
  transfer: 'Paid to your payout account',
  refund: 'Refund',
  payout: 'Paid to your bank',
};

function Payouts({ userId }: { userId: string }) {
  const account = usePayoutAccount(userId, true);
  const onboard = useStartOnboarding();
  const status = account.data ?? null;
  return (
    <Card as="section" aria-labelledby="payouts">
      <h2 id="payouts">Payouts</h2>
      {account.isPending ? <p role="status">Loading your payout account…</p> : null}
      {account.isError ? (
        <p role="alert">Your payout account could not be loaded: {account.error.message}</p>
      ) : null}
      {account.isSuccess ? (
        <p data-testid="payout-status">Status: {status ? PAYOUT_LABELS[status] : 'Not set up'}</p>
      ) : null}
      {account.isSuccess && status !== 'enabled' ? (
        <>
          <p>
            Businesses can fund your milestones once your payouts are set up: the payment provider
            checks your identity and takes your bank details on its own page.
          </p>
          <Button
            type="button"
            $variant="cta"
            disabled={onboard.isPending}
            onClick={() => onboard.mutate()}
          >
            {status ? 'Continue payout setup' : 'Set up payouts'}
          </Button>
        </>
      ) : null}
      {onboard.isError ? <p role="alert">{onboard.error.message}</p> : null}
    </Card>
  );
}

/** When the payment goes back to the business if nobody acts, and why a refund happened. */
function AutoRefundNote({ milestone, asBusiness }: { milestone: Milestone; asBusiness: boolean }) {
  const { status, auto_refund_at: at } = milestone;
  if (status === 'refunded' && milestone.refund_cause === 'not_approved_in_time')
    return <p>Refunded automatically: it was not approved within {APPROVAL_WINDOW_DAYS} days.</p>;
  if (!at || (status !== 'funded' && status !== 'delivered')) return null;
  const when = formatDay(at);
  if (status === 'delivered')
    return (
      <p data-testid="auto-refund">
        {asBusiness
          ? `Approve or dispute this work by ${when}. If you do neither, the payment is refunded to you automatically.`
          : `If the business neither approves nor disputes this work by ${when}, the payment is refunded to them automatically.`}
      </p>
    );
  return (
    <p data-testid="auto-refund">
      {`If this milestone is not delivered by ${when}, the payment is refunded to ${asBusiness ? 'you' : 'the business'} automatically. Once it is delivered, the business has ${APPROVAL_WINDOW_DAYS} days to approve or dispute it.`}
    </p>
  );
}

function MilestoneRow({
  milestone,
  asBusiness,
  payoutsEnabled,
}: {
  milestone: Milestone;
  asBusiness: boolean;
  payoutsEnabled: boolean;
}) {
  const fund = useFundMilestone();
  const approve = useApproveMilestone();
  const deliver = useMilestoneStep('mark_milestone_delivered');
  const cancel = useMilestoneStep('cancel_milestone');
  const refund = useCancelAndRefund();
  const fee = feePence(milestone.amount_pence, milestone.fee_rate);
  const error = fund.error ?? approve.error ?? deliver.error ?? cancel.error ?? refund.error;
  const busy =
    fund.isPending ||
    approve.isPending ||
    deliver.isPending ||
    cancel.isPending ||
    refund.isPending;
  const { status } = milestone;
  const me = asBusiness ? milestone.business_id : milestone.professional_id;
  const askedBy = milestone.refund_requested_by;
  const refundable = status === 'funded' || status === 'delivered';
  return (
    <li aria-label={milestone.description} data-testid="milestone">
      <h3>{milestone.description}</h3>
      <p>
        {milestone.project_title} · <strong>{formatPence(milestone.amount_pence)}</strong>
        {milestone.due_date ? ` · due ${formatDay(milestone.due_date)}` : ''}{' '}
        <Badge $tone={status === 'released' ? 'success' : 'primary'}>{STATUS_LABELS[status]}</Badge>
      </p>
      {asBusiness ? null : (
        <p>
          You receive {formatPence(milestone.amount_pence - fee)} after the {formatPence(fee)}{' '}
          platform fee ({milestone.fee_rate}%, your plan&apos;s rate when you were hired).
        </p>
      )}
      {!asBusiness && status === 'draft' && !payoutsEnabled ? (
        <p>Set up payouts above so that the business can fund this milestone.</p>
      ) : null}
      {asBusiness && status === 'draft' ? (
        <>
          <Button
            type="button"
            $variant="cta"
            disabled={busy}
            onClick={() => fund.mutate(milestone.id)}
          >
            Fund {formatPence(milestone.amount_pence)}
          </Button>{' '}
          <Button
            type="button"
            $variant="outline"
            disabled={busy}
            onClick={() => cancel.mutate(milestone.id)}
          >
            Cancel milestone
          </Button>
        </>
      ) : null}
      {!asBusiness && status === 'funded' ? (
        <Button type="button" disabled={busy} onClick={() => deliver.mutate(milestone.id)}>
          Mark delivered
        </Button>
      ) : null}
      {asBusiness && (status === 'delivered' || status === 'approved') ? (
        <Button
          type="button"
          $variant="cta"
          disabled={busy}
          onClick={() => approve.mutate(milestone.id)}
        >
          Approve and release payment
        </Button>
      ) : null}
      <AutoRefundNote milestone={milestone} asBusiness={asBusiness} />
      {refundable && askedBy === me ? (
        <p>
          You asked to cancel this milestone and refund the business; the other side has to agree.
        </p>
      ) : null}
      {refundable && askedBy && askedBy !== me ? (
        <p>The other side asked to cancel this milestone and refund the business.</p>
      ) : null}
      {refundable && askedBy !== me ? (
        <Button
          type="button"
          $variant="outline"
          disabled={busy}
          onClick={() => refund.mutate(milestone.id)}
        >
          {askedBy ? 'Agree to cancel and refund' : 'Ask to cancel and refund'}
        </Button>
      ) : null}
      {PAID.has(status) ? (
        <p>
          <Link to={`/payments/receipts/${milestone.id}`}>
            {asBusiness ? 'Receipt' : 'Payment statement'}
            <VisuallyHidden> for {milestone.description}</VisuallyHidden>
          </Link>
        </p>
      ) : null}
      {error ? <p role="alert">{error.message}</p> : null}
    </li>
  );
}

function Movements({ userId, asBusiness }: { userId: string; asBusiness: boolean }) {
  const ledger = useLedger(userId);
  const rows = (ledger.data ?? []).filter((row) =>
    asBusiness ? row.kind === 'charge' || row.kind === 'refund' : row.kind !== 'charge',
  );
  return (
    <Card as="section" aria-labelledby="movements">
      <h2 id="movements">{asBusiness ? 'Payments made' : 'Payments received'}</h2>
      {ledger.isError ? <p role="alert">{ledger.error.message}</p> : null}
      {ledger.isSuccess && rows.length === 0 ? <p>No payments yet.</p> : null}
      {rows.length > 0 ? (
        <table>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">What</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{formatDay(row.created_at)}</td>
                <td>{MOVEMENT_LABELS[row.kind]}</td>
                <td>{formatPence(row.amount_pence)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Card>
  );
}

const RETURN_NOTES: Record<string, string> = {
  paid: 'Payment received. The milestone shows as funded as soon as the payment provider confirms it.',
  cancelled: 'Checkout cancelled: nothing was charged.',
};

/** Payments: payouts setup for professionals, milestones of hires, and money in and out. */
export function PaymentsPage() {
  const user = useSession((state) => state.user);
  const accountType = useSession((state) => state.accountType);
  const [params] = useSearchParams();
  const asBusiness = accountType === 'business';
  const milestones = useMilestones(user?.id ?? '');
  const payout = usePayoutAccount(user?.id ?? '', Boolean(user) && !asBusiness);
  if (!user) {
    return (
      <Page heading="Payments">
        <p role="status">Loading…</p>
      </Page>
    );
  }
  const note = RETURN_NOTES[params.get('checkout') ?? ''];
  return (
    <Page
      heading="Payments"
      lead={
        asBusiness
          ? 'Fund the milestones of your hires by card. ProMatch holds the payment until you approve the work.'
          : 'Get paid for the work you win: your payouts, milestones and the payments you have received.'
      }
    >
      {note ? <p role="status">{note}</p> : null}
      {asBusiness ? null : <Payouts userId={user.id} />}
      <section aria-labelledby="milestones">
        <h2 id="milestones">Milestones</h2>
        {milestones.isPending ? <p role="status">Loading milestones…</p> : null}
        {milestones.isError ? <p role="alert">{milestones.error.message}</p> : null}
        {milestones.isSuccess && milestones.data.length === 0 ? (
          <p>
            No milestones yet. When a business accepts a proposal, the agreed price becomes the
            hire&apos;s first milestone.
          </p>
        ) : null}
        <ul>
          {(milestones.data ?? []).map((milestone) => (
            <MilestoneRow
              key={milestone.id}
              milestone={milestone}
              asBusiness={milestone.business_id === user.id}
              payoutsEnabled={payout.data === 'enabled'}
            />
          ))}
        </ul>
      </section>
      <Movements userId={user.id} asBusiness={asBusiness} />
    </Page>
  );
}
