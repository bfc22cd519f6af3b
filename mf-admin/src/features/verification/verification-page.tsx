import { Badge, Button, Card, getSupabaseClient, Page, toast } from '@promatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callAdminRpc } from '../../lib/admin-api';
import { formatWhen } from '../../lib/format';
import { ReasonForm } from '../../lib/reason-form';
import { DecisionActions, QueueItems, StatusFilter } from '../../lib/review-queue';
import { Toolbar } from '../../lib/ui';
import { ProfessionalRequests } from './professional-requests';

type CompanyStatus = 'pending' | 'rejected' | 'verified';

const COMPANY_STATUSES = [
  ['pending', 'Pending Verification'],
  ['rejected', 'Rejected'],
  ['verified', 'Verified'],
] as const satisfies readonly (readonly [CompanyStatus, string])[];

interface QueuedCompany {
  id: string;
  company_number: string;
  company_name: string;
  company_status: string;
  company_type: string;
  verification_status: CompanyStatus;
  verification_note: string | null;
  created_at: string;
  reviewed_at: string | null;
  businesses: { id: string; name: string; email: string }[];
}

interface RegisterAnswer {
  success: boolean;
  company: { company_name: string; company_status: string } | null;
  fallback: boolean;
  error: string | null;
}

function useQueue(status: string) {
  return useQuery({
    queryKey: ['admin', 'verification', status],
    queryFn: () => callAdminRpc<QueuedCompany[]>('admin_verification_queue', { p_status: status }),
  });
}

/** Asks Companies House again, through the same verify-company function the sign-up form uses. */
async function recheck(companyNumber: string): Promise<RegisterAnswer> {
  const client = await getSupabaseClient();
  const { data, error } = await client.functions.invoke<RegisterAnswer>('verify-company', {
    body: { action: 'verify', company_number: companyNumber },
  });
  if (error || !data)
    throw new Error('Verification Error: API unavailable. Please use manual entry.');
  return data;
}

function CompanyItem({ company }: { company: QueuedCompany }) {
  const queryClient = useQueryClient();
  const [register, setRegister] = useState<string | null>(null);
  const check = useMutation({
    mutationFn: () => recheck(company.company_number),
    onSuccess: (answer) => {
      setRegister(
        answer.success && answer.company
          ? `Companies House: ${answer.company.company_name}, ${answer.company.company_status}. The company is now verified.`
          : `Companies House: ${answer.error ?? 'Company could not be verified.'}`,
      );
      void queryClient.invalidateQueries({ queryKey: ['admin', 'verification'] });
    },
    onError: (error) => setRegister(error.message),
  });
  const decide = (approve: boolean) => async (reason: string) => {
    await callAdminRpc<null>('admin_decide_company', {
      p_company: company.id,
      p_approve: approve,
      p_reason: reason,
    });
    toast({ title: approve ? 'Company approved' : 'Company rejected' });
    await queryClient.invalidateQueries({ queryKey: ['admin', 'verification'] });
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
            onClick={() => check.mutate()}
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
  const queue = useQueue(status);
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
