import { Button } from '@promatch/shared';
import { useState, type FormEvent } from 'react';
import { DURATIONS, proposalSchema, type ProposalInput } from '../api/appointment-actions';
import { formatDuration } from '../utils/duration';
import { londonFields, UK_TIME_ZONE } from '../utils/london-time';
import { rowsToTimes, type TimeRow } from '../utils/proposal-times';
import { Actions, FormBox, Problem } from './form-styles';

export interface BookingFormProps {
  /** Accessible name of the form, e.g. "Book a call with Ada". */
  label: string;
  submitLabel: string;
  defaultDuration?: number;
  busy?: boolean;
  onSubmit(proposal: ProposalInput): Promise<unknown>;
  onCancel(): void;
}

/** Tomorrow at 10:00 UK time: a sensible first suggestion. */
function firstRow(): TimeRow {
  const tomorrow = londonFields(new Date(Date.now() + 24 * 3_600_000));
  return { date: tomorrow.date, time: '10:00' };
}

/** One to three UK times, a length and an optional note. */
export function BookingForm({
  label,
  submitLabel,
  defaultDuration = 30,
  busy,
  onSubmit,
  onCancel,
}: BookingFormProps) {
  const [rows, setRows] = useState<TimeRow[]>(() => [firstRow()]);
  const [duration, setDuration] = useState(defaultDuration);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const setRow = (index: number, patch: Partial<TimeRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = rowsToTimes(rows, Date.now());
    if ('error' in result) return setProblem(result.error);
    const parsed = proposalSchema.safeParse({
      times: result.times,
      durationMinutes: duration,
      note,
    });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Check the form.');
    setProblem(null);
    await onSubmit(parsed.data).catch((error: Error) => setProblem(error.message));
  };

  return (
    <FormBox aria-label={label} onSubmit={(event) => void submit(event)} noValidate>
      <p>
        Propose up to three times. Times are UK time ({UK_TIME_ZONE}); summer time is taken into
        account.
      </p>
      {rows.map((row, index) => (
        <fieldset key={index}>
          <legend>Time {index + 1}</legend>
          <label>
            Date (UK)
            <input
              type="date"
              value={row.date}
              onChange={(e) => setRow(index, { date: e.target.value })}
            />
          </label>
          <label>
            Start time (UK)
            <input
              type="time"
              step={300}
              value={row.time}
              onChange={(e) => setRow(index, { time: e.target.value })}
            />
          </label>
          {rows.length > 1 ? (
            <Button
              type="button"
              $size="sm"
              $variant="ghost"
              onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
            >
              Remove time {index + 1}
            </Button>
          ) : null}
        </fieldset>
      ))}
      {rows.length < 3 ? (
        <span>
          <Button
            type="button"
            $size="sm"
            $variant="outline"
            onClick={() => setRows((current) => [...current, { date: '', time: '' }])}
          >
            Add another time
          </Button>
        </span>
      ) : null}
      <label>
        Length
        <select value={duration} onChange={(e) => setDuration(Number(e.target.value))}>
          {DURATIONS.map((minutes) => (
            <option key={minutes} value={minutes}>
              {formatDuration(minutes)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Note (optional)
        <textarea
          rows={2}
          maxLength={1000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      {problem ? <Problem role="alert">{problem}</Problem> : null}
      <Actions>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        <Button type="button" $variant="ghost" onClick={onCancel}>
          Close
        </Button>
      </Actions>
    </FormBox>
  );
}
