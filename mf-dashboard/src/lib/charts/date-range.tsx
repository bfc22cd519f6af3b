import { Button, Label } from '@promatch/shared';
import { differenceInCalendarDays, format, parseISO } from 'date-fns';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';

export interface DateRange {
  /** First day, yyyy-MM-dd (UTC days, as the database counts them). */
  from: string;
  /** Last day, included. */
  to: string;
}

export const isoDay = (date: Date) => format(date, 'yyyy-MM-dd');

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1rem;
  align-items: end;
  margin-bottom: 1.5rem;
  input {
    display: block;
    padding: 0.5rem;
    font: inherit;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.background};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
  }
`;

const Problem = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

/** Why a range cannot be shown, or null when it can. */
export function rangeProblem(range: DateRange, maxDays: number): string | null {
  if (!range.from || !range.to) return 'Choose both dates.';
  const days = differenceInCalendarDays(parseISO(range.to), parseISO(range.from));
  if (days < 0) return 'Choose a start date on or before the end date.';
  if (days > maxDays) return `Choose a range of at most ${maxDays} days.`;
  return null;
}

/** From and To dates, shown when the user presses Show; a wrong range is explained, not sent. */
export function DateRangeForm({
  value,
  onChange,
  maxDays,
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
  maxDays: number;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(draft, maxDays);
    setProblem(found);
    if (!found) onChange(draft);
  };
  return (
    <Form onSubmit={submit} aria-label="Date range" noValidate>
      <div>
        <Label htmlFor={`${id}-from`}>From</Label>
        <input
          id={`${id}-from`}
          type="date"
          value={draft.from}
          onChange={(event) => setDraft((d) => ({ ...d, from: event.target.value }))}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
      </div>
      <div>
        <Label htmlFor={`${id}-to`}>To</Label>
        <input
          id={`${id}-to`}
          type="date"
          value={draft.to}
          onChange={(event) => setDraft((d) => ({ ...d, to: event.target.value }))}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
      </div>
      <Button type="submit">Show</Button>
      {problem ? (
        <Problem id={`${id}-problem`} role="alert">
          {problem}
        </Problem>
      ) : null}
    </Form>
  );
}
