import { VisuallyHidden, type PlatformDetails } from '@promatch/shared';
import styled from 'styled-components';
import type { ReceiptData } from '../api/receipts';
import { formatDay, formatPence } from './money';

const Sheet = styled.article`
  max-width: 44rem;
  padding: 2rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 0.5rem;
  background: ${({ theme }) => theme.colors.background};

  @media print {
    background: #fff;
    color: #000;
    max-width: none;
    border: none;
    padding: 0;
  }
`;

const Top = styled.header`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 1rem;
  margin-bottom: 1.5rem;

  address {
    font-style: normal;
  }
`;

const Lines = styled.dl`
  display: grid;
  grid-template-columns: minmax(10rem, max-content) 1fr;
  gap: 0.4rem 1.5rem;
  margin: 0 0 1.5rem;

  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

const Figures = styled.table`
  width: 100%;
  border-collapse: collapse;
  margin-bottom: 1.5rem;

  th,
  td {
    padding: 0.4rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
  }
  td:last-child {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  tfoot th,
  tfoot td {
    font-weight: 700;
    border-bottom: 2px solid currentColor;
  }
`;

const STATUS_NOTES: Partial<Record<ReceiptData['status'], string>> = {
  funded: 'The payment is held by ProMatch until the business approves the work.',
  delivered: 'The payment is held by ProMatch until the business approves the work.',
  approved: 'The work is approved; the payment is being released to the professional.',
  disputed: 'This milestone is disputed: the payment is on hold until the dispute is decided.',
  refund_pending: 'A refund to the business is in progress.',
};

/** One line of a figure table: what, and an amount in GBP. */
function Figure({ label, pence, testId }: { label: string; pence: number; testId: string }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td data-testid={testId}>{formatPence(pence)}</td>
    </tr>
  );
}

/**
 * A paid milestone's printable document: the business's receipt (what it paid, when, and the
 * provider's payment id) or the professional's statement (price, platform fee at the rate frozen
 * at hire, amount paid out). VAT fields are always there and filled only when the platform has a
 * VAT number configured; ProMatch adds no VAT to these amounts.
 */
export function ReceiptDocument({
  receipt,
  platform,
}: {
  receipt: ReceiptData;
  platform: PlatformDetails;
}) {
  const isReceipt = receipt.document === 'receipt';
  const refunded = receipt.refunded_pence !== null;
  const note = STATUS_NOTES[receipt.status];
  return (
    <Sheet aria-labelledby="document-title" data-print-area="">
      <Top>
        <div>
          <h2 id="document-title">{isReceipt ? 'Receipt' : 'Payment statement'}</h2>
          <p>
            Reference: <span data-testid="reference">{receipt.milestone_id}</span>
          </p>
        </div>
        <address aria-label="Issued by">
          <strong>{platform.name}</strong>
          {platform.addressLines.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </address>
      </Top>
      <Lines>
        {isReceipt ? (
          <>
            <dt>Paid by</dt>
            <dd>
              {receipt.business_name}
              {receipt.business_company ? `, ${receipt.business_company}` : ''}
            </dd>
            <dt>Professional</dt>
            <dd>{receipt.professional_name}</dd>
          </>
        ) : (
          <>
            <dt>Paid to</dt>
            <dd>{receipt.professional_name}</dd>
            <dt>Client</dt>
            <dd>
              {receipt.business_name}
              {receipt.business_company ? `, ${receipt.business_company}` : ''}
            </dd>
          </>
        )}
        <dt>Project</dt>
        <dd>{receipt.project_title}</dd>
        <dt>Milestone</dt>
        <dd>{receipt.description}</dd>
        <dt>Date paid</dt>
        <dd data-testid="paid-date">{formatDay(receipt.paid_at)}</dd>
        {isReceipt ? (
          <>
            <dt>Payment id</dt>
            <dd data-testid="payment-id">{receipt.payment_id}</dd>
          </>
        ) : null}
        <dt>VAT registration number</dt>
        <dd data-testid="vat-number">{platform.vatNumber ?? ''}</dd>
      </Lines>
      <Figures>
        <caption>
          <VisuallyHidden>{isReceipt ? 'Amounts paid' : 'Price, fee and payout'}</VisuallyHidden>
        </caption>
        {isReceipt ? (
          <>
            <tbody>
              <Figure label="Milestone price" pence={receipt.amount_pence} testId="price" />
              <tr>
                <th scope="row">VAT</th>
                <td data-testid="vat-amount" />
              </tr>
              {refunded ? (
                <Figure
                  label={`Refunded${receipt.refunded_at ? ` on ${formatDay(receipt.refunded_at)}` : ''}`}
                  pence={receipt.refunded_pence ?? 0}
                  testId="refunded"
                />
              ) : null}
            </tbody>
            <tfoot>
              <Figure label="Amount paid" pence={receipt.paid_pence} testId="amount-paid" />
            </tfoot>
          </>
        ) : (
          <>
            <tbody>
              <Figure label="Milestone price" pence={receipt.amount_pence} testId="price" />
              {receipt.fee_pence !== null ? (
                <Figure
                  label={`Platform fee (${receipt.fee_rate ?? 0}%, your plan's rate when you were hired)`}
                  pence={-receipt.fee_pence}
                  testId="fee"
                />
              ) : null}
              <tr>
                <th scope="row">VAT on the platform fee</th>
                <td data-testid="vat-amount" />
              </tr>
            </tbody>
            <tfoot>
              {refunded ? (
                <Figure label="Amount paid out" pence={0} testId="payout" />
              ) : (
                <Figure
                  label={
                    receipt.paid_out_pence !== null ? 'Amount paid out' : 'Amount to be paid out'
                  }
                  pence={receipt.paid_out_pence ?? receipt.payout_pence ?? 0}
                  testId="payout"
                />
              )}
            </tfoot>
          </>
        )}
      </Figures>
      {refunded ? (
        <p data-testid="refund-note">
          Refunded: {formatPence(receipt.refunded_pence ?? 0)} went back to the business
          {receipt.refunded_at ? ` on ${formatDay(receipt.refunded_at)}` : ''}
          {receipt.refund_id ? ` (refund id ${receipt.refund_id})` : ''}.
          {isReceipt ? '' : ' Nothing is paid out for this milestone.'}
        </p>
      ) : null}
      {!isReceipt && receipt.paid_out_at ? (
        <p>
          Paid out on {formatDay(receipt.paid_out_at)}
          {receipt.transfer_id ? ` (transfer id ${receipt.transfer_id})` : ''}.
        </p>
      ) : null}
      {note ? <p>{note}</p> : null}
    </Sheet>
  );
}
