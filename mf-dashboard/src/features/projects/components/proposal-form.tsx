import { Button, TextField, toast, useSession } from '@promatch/shared';
import { checkFeatureAccess, PlanLimitNotice } from '@promatch/shared/plans';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useMyUsage } from '../../../lib/plan-usage';
import { TextArea } from '../../../lib/form-controls';
import {
  proposalSchema,
  useSubmitProposal,
  type ProposalInput,
  type ProposalValues,
} from '../api/proposals';
import { BUDGET_TYPE_LABELS, isBudgetType } from '../utils/format-budget';

function UpgradeHint() {
  return (
    <p>
      Pro has unlimited applications and costs professionals nothing.{' '}
      <Link to="/plan">Upgrade to Pro</Link>
    </p>
  );
}

/**
 * A proposal: cover note, rate in the project's unit, availability. The plan's monthly limit is
 * shown before sending; the database enforces it when the proposal is stored.
 */
export function ProposalForm({ projectId, budgetType }: { projectId: string; budgetType: string }) {
  const user = useSession((state) => state.user);
  const subscription = useSession((state) => state.subscription);
  const usage = useMyUsage(user?.id ?? '');
  const submit = useSubmitProposal();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProposalInput, unknown, ProposalValues>({
    resolver: zodResolver(proposalSchema),
    defaultValues: { cover_letter: '', proposed_rate: '', availability: '' },
  });
  const used = usage.data?.monthly_applications ?? 0;
  const access = checkFeatureAccess(subscription, { limit: 'monthly_applications', usage: used });
  const unit = isBudgetType(budgetType) ? BUDGET_TYPE_LABELS[budgetType].toLowerCase() : 'rate';

  if (!access.allowed && access.reason === 'limit-reached' && subscription) {
    return (
      <PlanLimitNotice
        limit="monthly_applications"
        max={access.limit}
        planName={subscription.plan_name}
      >
        <UpgradeHint />
      </PlanLimitNotice>
    );
  }
  const onSubmit = handleSubmit((values) => {
    if (!user) return;
    // a refusal (the limit, a closed project) shows beside the button through submit.error
    submit.mutate(
      { ...values, project_id: projectId, professional_id: user.id },
      {
        onSuccess: () =>
          toast({
            title: 'Proposal sent',
            description: 'The business will see it now.',
            variant: 'success',
          }),
      },
    );
  });
  return (
    <form noValidate aria-label="Send a proposal" onSubmit={(e) => void onSubmit(e)}>
      {access.allowed && access.remaining !== null ? (
        <p>
          {access.remaining} of {access.limit} monthly applications left on your plan.
        </p>
      ) : null}
      <TextArea
        label="Cover note"
        error={errors.cover_letter?.message}
        {...register('cover_letter')}
      />
      <TextField
        label={`Your ${unit} (£)`}
        inputMode="numeric"
        error={errors.proposed_rate?.message}
        {...register('proposed_rate')}
      />
      <TextField
        label="Availability"
        hint="When you can start and how much time you can give."
        error={errors.availability?.message}
        {...register('availability')}
      />
      {submit.isError ? (
        /monthly applications/.test(submit.error.message) ? (
          <div role="alert">
            <p>{submit.error.message}</p>
            <UpgradeHint />
          </div>
        ) : (
          <p role="alert">The proposal could not be sent: {submit.error.message}</p>
        )
      ) : null}
      <Button type="submit" $variant="cta" disabled={submit.isPending}>
        Send proposal
      </Button>
    </form>
  );
}
