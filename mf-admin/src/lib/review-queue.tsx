import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ErrorText, Muted, Toolbar } from './ui';

/** The decision forms under a queued item (approve / reject, dismiss / warn / suspend…). */
export const DecisionActions = styled.div<{ $minColumn?: string }>`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ $minColumn = '16rem' }) => $minColumn}, 1fr));
  gap: 1rem;
  margin-top: 0.75rem;
`;

const List = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  gap: 1rem;
`;

export interface StatusFilterProps<S extends string> {
  label: string;
  value: S;
  options: readonly (readonly [value: NoInfer<S>, label: string])[];
  onChange: (value: NoInfer<S>) => void;
}

/** Which of a review queue's items to show, by status. */
export function StatusFilter<S extends string>({
  label,
  value,
  options,
  onChange,
}: StatusFilterProps<S>) {
  return (
    <Toolbar>
      <label>
        {label}
        <select value={value} onChange={(e) => onChange(e.target.value as S)}>
          {options.map(([option, text]) => (
            <option key={option} value={option}>
              {text}
            </option>
          ))}
        </select>
      </label>
    </Toolbar>
  );
}

export interface QueueItemsProps<T> {
  queue: UseQueryResult<T[]>;
  /** Said while the queue loads; nothing is shown when left out. */
  loading?: string;
  /** Said when the queue is empty. */
  empty: string;
  /** One item, a list item (`<li>`) with its key. */
  children(item: T): ReactNode;
}

/** A review queue's items, or why there are none: loading, the error, or an empty queue. */
export function QueueItems<T>({ queue, loading, empty, children }: QueueItemsProps<T>) {
  return (
    <>
      {loading && queue.isPending ? <p role="status">{loading}</p> : null}
      {queue.error ? <ErrorText role="alert">{queue.error.message}</ErrorText> : null}
      {queue.data && queue.data.length === 0 ? <Muted>{empty}</Muted> : null}
      {queue.data && queue.data.length > 0 ? <List>{queue.data.map(children)}</List> : null}
    </>
  );
}
