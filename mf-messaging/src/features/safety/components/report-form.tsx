import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Cluster, Label, toast } from '@promatch/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import { REPORT_REASONS, reportSchema, useReportUser, type ReportInput } from '../api/safety-api';

const Form = styled.form`
  display: grid;
  gap: 0.5rem;
  padding: 0.75rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  select,
  textarea {
    font: inherit;
    padding: 0.4rem;
    border-radius: ${({ theme }) => theme.radius};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
  }
`;

export interface ReportFormProps {
  userId: string;
  partner: { id: string; name: string };
  conversationId?: string;
  onDone(): void;
}

/** Reports the partner to the moderators, with a reason and optional details. */
export function ReportForm({ userId, partner, conversationId, onDone }: ReportFormProps) {
  const id = useId();
  const report = useReportUser(userId, partner.id, conversationId);
  const { register, handleSubmit, formState } = useForm<ReportInput>({
    resolver: zodResolver(reportSchema),
    defaultValues: { reason: 'spam', details: '' },
  });
  const submit = handleSubmit((input) =>
    report.mutateAsync(input).then(
      () => {
        toast({
          title: 'Report sent',
          description: `Our moderators will review your report about ${partner.name}.`,
        });
        onDone();
      },
      (error: Error) =>
        toast({ title: 'Report not sent', description: error.message, variant: 'destructive' }),
    ),
  );
  return (
    <Form onSubmit={submit} aria-label={`Report ${partner.name}`}>
      <Label htmlFor={`${id}-reason`}>Reason</Label>
      <select id={`${id}-reason`} {...register('reason')}>
        {REPORT_REASONS.map((reason) => (
          <option key={reason.value} value={reason.value}>
            {reason.label}
          </option>
        ))}
      </select>
      <Label htmlFor={`${id}-details`}>Details (optional)</Label>
      <textarea id={`${id}-details`} rows={3} {...register('details')} />
      {formState.errors.details ? <p role="alert">{formState.errors.details.message}</p> : null}
      <Cluster $align="stretch">
        <Button type="submit" $variant="destructive" disabled={formState.isSubmitting}>
          Send report
        </Button>
        <Button type="button" $variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </Cluster>
    </Form>
  );
}
