import { Button, Icon, Input, Label, VisuallyHidden } from '@promatch/shared';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { recogniseAddition, type RequestChip } from '../utils/request-chips';

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
  list-style: none;
  padding: 0;
  margin: 0 0 0.75rem;
`;

const Chip = styled.li`
  display: inline-flex;
  align-items: center;
  gap: 0.25rem;
  padding: 0.2rem 0.25rem 0.2rem 0.65rem;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.onPrimarySoft};
  font-size: 0.875rem;
  font-weight: 600;
  button {
    border: 0;
    background: transparent;
    color: inherit;
    cursor: pointer;
    font-size: 1rem;
    line-height: 1;
    padding: 0.1rem 0.35rem;
    border-radius: 999px;
  }
  button:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;

const KIND_LABEL: Record<RequestChip['kind'], string> = {
  category: 'Category',
  skill: 'Skill',
  context: 'Context',
  must: 'Must-have',
  place: 'Place',
  remote: 'Remote',
  budget: 'Budget',
  timeline: 'Timeline',
  seniority: 'Seniority',
  verified: 'Verification',
};

const AddRow = styled.form`
  display: flex;
  gap: 0.5rem;
  align-items: flex-end;
  max-width: 28rem;
  > div {
    flex: 1;
  }
`;

interface Props {
  chips: RequestChip[];
  onRemove: (id: string) => void;
  onAddSkill: (skill: string) => void;
  onAddPlace: (place: string) => void;
  /** True when no town or region is left: matching runs across the UK. */
  nationwide: boolean;
}

/** What the request was understood as: one chip per piece, each removable, plus an add box. */
export function RequestChipList({ chips, onRemove, onAddSkill, onAddPlace, nationwide }: Props) {
  const inputId = useId();
  const [addition, setAddition] = useState('');
  const [notice, setNotice] = useState('');
  const add = (event: FormEvent) => {
    event.preventDefault();
    const found = recogniseAddition(addition);
    if (found.skill) onAddSkill(found.skill);
    else if (found.place) onAddPlace(found.place);
    setNotice(
      found.skill || found.place ? '' : `"${addition}" is not a skill or UK place we know.`,
    );
    if (found.skill || found.place) setAddition('');
  };
  return (
    <section aria-labelledby="understood-heading">
      <h2 id="understood-heading">What we understood</h2>
      {chips.length === 0 ? (
        <p>Nothing yet: name a skill, a role, a town or a budget.</p>
      ) : (
        <Chips aria-label="Understood from your description">
          {chips.map((chip) => (
            <Chip key={chip.id}>
              <span>
                <VisuallyHidden>{KIND_LABEL[chip.kind]}: </VisuallyHidden>
                {chip.label}
              </span>
              <button
                type="button"
                aria-label={`Remove ${chip.label}`}
                onClick={() => onRemove(chip.id)}
              >
                <Icon name="close" />
              </button>
            </Chip>
          ))}
        </Chips>
      )}
      {nationwide ? <p>Matching professionals anywhere in the UK.</p> : null}
      <AddRow onSubmit={add}>
        <div>
          <Label htmlFor={inputId}>Add a skill or place</Label>
          <Input id={inputId} value={addition} onChange={(e) => setAddition(e.target.value)} />
        </div>
        <Button type="submit" $variant="outline" disabled={addition.trim() === ''}>
          Add
        </Button>
      </AddRow>
      <p role="status">{notice}</p>
    </section>
  );
}
