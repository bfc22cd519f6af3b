import { Button, Page } from '@promatch/shared';
import { Link, useParams } from 'react-router-dom';
import { createGlobalStyle } from 'styled-components';
import { DEFAULT_PLATFORM, usePlatformDetails, useReceipt } from '../api/receipts';
import { ReceiptDocument } from './receipt-document';

/** On paper only the document: the site's header, navigation and this page's buttons are left out. */
const PrintOnlyTheDocument = createGlobalStyle`
  @media print {
    body * {
      visibility: hidden;
    }
    [data-print-area],
    [data-print-area] * {
      visibility: visible;
    }
    [data-print-area] {
      position: absolute;
      inset: 0 auto auto 0;
      width: 100%;
    }
  }
`;

/** `/payments/receipts/:milestoneId`: the printable receipt or statement of a paid milestone. */
export function ReceiptPage() {
  const { milestoneId = '' } = useParams();
  const receipt = useReceipt(milestoneId);
  const platform = usePlatformDetails();
  const heading = receipt.data?.document === 'statement' ? 'Payment statement' : 'Payment receipt';
  return (
    <Page heading={heading}>
      <PrintOnlyTheDocument />
      <p>
        <Link to="/payments">Back to payments</Link>
      </p>
      {receipt.isPending ? <p role="status">Loading…</p> : null}
      {receipt.isError ? <p role="alert">{receipt.error.message}</p> : null}
      {receipt.data ? (
        <>
          <p>
            <Button type="button" $variant="cta" onClick={() => window.print()}>
              Print or save as PDF
            </Button>
          </p>
          <ReceiptDocument receipt={receipt.data} platform={platform.data ?? DEFAULT_PLATFORM} />
        </>
      ) : null}
    </Page>
  );
}
