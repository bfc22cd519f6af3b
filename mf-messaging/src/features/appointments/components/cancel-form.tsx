import { Button } from '@promatch/shared';
import { useId, useState, type FormEvent } from 'react';
import { cancelSchema } from '../api/appointment-actions';
import { Actions, FormBox, Problem } from './form-styles';

export interface CancelFormProps {
  busy?: boolean;
  onSubmit(reason: string): Promise<unknown>;
  onClose(): void;
}

/** Cancelling needs a reason, which both parties see. */
export function CancelForm({ busy, onSubmit, onClose }: CancelFormProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = cancelSchema.safeParse({ reason });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Check the reason.');
    setProblem(null);
    await onSubmit(parsed.data.reason).catch((error: Error) => setProblem(error.message));
  };
  return (
    <FormBox aria-label="Cancel appointment" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-reason`}>Reason for cancelling</label>
      <textarea
        id={`${id}-reason`}
        rows={2}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {problem ? <Problem role="alert">{problem}</Problem> : null}
      <Actions>
        <Button type="submit" $variant="destructive" disabled={busy}>
          Cancel appointment
        </Button>
        <Button type="button" $variant="ghost" onClick={onClose}>
          Keep it
        </Button>
      </Actions>
    </FormBox>
  );
}
