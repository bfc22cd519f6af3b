import { Badge, Button, Card, Page, toast } from '@promatch/shared';
import { useState } from 'react';
import { formatWhen } from '../../../lib/format';
import { ReasonForm } from '../../../lib/reason-form';
import { DecisionActions, QueueItems, StatusFilter } from '../../../lib/review-queue';
import { Toolbar } from '../../../lib/ui';
import { useDecideCompany } from '../api/decide-company';
import { useCompanyQueue, type CompanyStatus, type QueuedCompany } from '../api/get-company-queue';
import { useRecheckCompany } from '../api/recheck-company';
import { ProfessionalRequests } from './professional-requests';

const COMPANY_STATUSES = [
  ['pending', 'Pending Verification'],
  ['rejected', 'Rejected'],
  ['verified', 'Verified'],
] as const satisfies readonly (readonly [CompanyStatus, string])[];

function CompanyItem({ company }: { company: QueuedCompany }) {
  const [register, setRegister] = useState<string | null>(null);
  const check = useRecheckCompany(company);
  const recheck = () =>
    check.mutate(undefined, {
      onSuccess: (answer) =>
        setRegister(
          answer.success && answer.company
            ? `Companies House: ${answer.company.company_name}, ${answer.company.company_status}. The company is now verified.`
            : `Companies House: ${answer.error ?? 'Company could not be verified.'}`,
        ),
      onError: (error) => setRegister(error.message),
    });
  const decision = useDecideCompany();
  const decide = (approve: boolean) => async (reason: string) => {
    await decision.mutateAsync({ company, approve, reason });
    toast({ title: approve ? 'Company approved' : 'Company rejected' });
  };
  return (
    <li>
      <Card>
        <h2>
          {company.company_name} <Badge>{company.company_number}</Badge>
        </h2>
        <p>
          {company.company_type === 'manual_entry' ? 'Entered by hand' : company.company_type},
          added {formatWhen(company.created_at)}.{' '}
          {company.verification_status === 'rejected' && company.verification_note
            ? `Rejected: ${company.verification_note}`
            : null}
        </p>
        <p>
          Business users:{' '}
          {company.businesses.map((b) => `${b.name} <${b.email}>`).join(', ') || 'none'}
        </p>
        <Toolbar>
          <Button
            type="button"
            $variant="outline"
            $size="sm"
            disabled={check.isPending}
            onClick={recheck}
          >
            Re-check with Companies House
          </Button>
        </Toolbar>
        {register ? <p role="status">{register}</p> : null}
        <DecisionActions>
          <ReasonForm
            action="Approve"
            reasonLabel="Note to the business"
            onConfirm={decide(true)}
          />
          <ReasonForm
            action="Reject"
            reasonLabel="Reason the business sees"
            variant="destructive"
            onConfirm={decide(false)}
          />
        </DecisionActions>
      </Card>
    </li>
  );
}

export function VerificationPage() {
  const [status, setStatus] = useState<CompanyStatus>('pending');
  const queue = useCompanyQueue(status);
  return (
    <Page
      heading="Verification"
      lead="Businesses whose company was entered by hand wait here as 'Pending Verification', and professionals asking for the verified badge with their evidence. Each sees the decision on their dashboard and by e-mail."
    >
      <StatusFilter label="Show" value={status} options={COMPANY_STATUSES} onChange={setStatus} />
      <QueueItems queue={queue} empty="Nothing here.">
        {(company) => <CompanyItem key={company.id} company={company} />}
      </QueueItems>
      <ProfessionalRequests />
    </Page>
  );
}
