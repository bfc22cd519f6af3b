import { zodResolver } from '@hookform/resolvers/zod';
import { Button, FieldError, type ButtonVariant } from '@promatch/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from '@promatch/shared/validation';
import { ErrorText } from './ui';

const reasonSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(3, 'Please give a reason (at least 3 characters).')
    .max(2000, 'Please keep the reason under 2,000 characters.'),
});
type ReasonValues = z.infer<typeof reasonSchema>;

/**
 * One admin action that needs a reason (kept in the audit log): a labelled text box and a
 * button. The server refuses a missing reason too.
 */
export function ReasonForm({
  action,
  reasonLabel = 'Reason',
  variant = 'default',
  onConfirm,
}: {
  action: string;
  reasonLabel?: string;
  variant?: ButtonVariant;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const id = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ReasonValues>({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  const submit = handleSubmit(async ({ reason }) => {
    setServerError(null);
    try {
      await onConfirm(reason);
      reset();
    } catch (error) {
      setServerError(error instanceof Error ? error.message : 'Something went wrong');
    }
  });
  return (
    <form onSubmit={submit} aria-label={action} noValidate>
      <label htmlFor={`${id}-reason`}>
        {reasonLabel} ({action.toLowerCase()})
      </label>
      <textarea
        id={`${id}-reason`}
        rows={2}
        aria-invalid={errors.reason ? 'true' : 'false'}
        aria-describedby={errors.reason ? `${id}-error` : undefined}
        {...register('reason')}
      />
      {errors.reason ? <FieldError id={`${id}-error`}>{errors.reason.message}</FieldError> : null}
      {serverError ? <ErrorText role="alert">{serverError}</ErrorText> : null}
      <div>
        <Button type="submit" $variant={variant} $size="sm" disabled={isSubmitting}>
          {action}
        </Button>
      </div>
    </form>
  );
}
