import { Label, Page, useDebouncedValue, useSession } from '@promatch/shared';
import { parseRequest, toMatchArgs } from '@promatch/shared/matching';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useMatches } from '../api/get-matches';
import { applyEdits, NO_EDITS, requestChips, type ChipEdits } from '../utils/request-chips';
import { MatchCard } from './match-card';
import { SaveAsProject } from './save-as-project';
import { RequestChipList } from './request-chip-list';

const Description = styled.textarea`
  width: 100%;
  min-height: 6rem;
  padding: 0.75rem;
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  margin-bottom: 1rem;
`;

const Results = styled.ol`
  list-style: none;
  padding: 0;
  display: grid;
  gap: 1rem;
`;

/** Ranking waits this long after the last keystroke; the chips update at once. */
const DEBOUNCE_MS = 250;

/** The description survives a detour through sign-up in this tab. */
const DRAFT_KEY = 'promatch.matching.description';

const readDraft = () => {
  try {
    return window.sessionStorage.getItem(DRAFT_KEY) ?? '';
  } catch {
    return ''; // storage blocked: start empty
  }
};

const PLACEHOLDER =
  'e.g. Need a React Native developer in Leeds for a 3 month contract, about £450 a day';

export function MatchingPage() {
  const descriptionId = useId();
  const [text, setText] = useState(readDraft);
  const [edits, setEdits] = useState<ChipEdits>(NO_EDITS);
  const userId = useSession((state) => state.user?.id);

  const request = useMemo(() => applyEdits(parseRequest(text), edits), [text, edits]);
  const chips = useMemo(() => requestChips(request), [request]);
  const settled = useDebouncedValue(request, DEBOUNCE_MS);
  const args = settled.text.trim().length >= 3 ? toMatchArgs(settled) : undefined;
  const matches = useMatches(args, settled.text);

  const removeChip = (id: string) => setEdits((e) => ({ ...e, removed: [...e.removed, id] }));
  const addSkill = (skill: string) =>
    setEdits((e) => ({
      ...e,
      addedSkills: [...e.addedSkills, skill],
      removed: e.removed.filter((id) => id !== `skill:${skill}`),
    }));
  const addPlace = (place: string) =>
    setEdits((e) => ({
      ...e,
      addedPlaces: [...e.addedPlaces, place],
      removed: e.removed.filter((id) => id !== `place:${place}`),
    }));

  return (
    <Page
      heading="AI Matching"
      lead="Describe your project in plain English and get ranked matches."
    >
      <Label htmlFor={descriptionId}>Describe your project</Label>
      <Description
        id={descriptionId}
        value={text}
        placeholder={PLACEHOLDER}
        onChange={(event) => {
          setText(event.target.value);
          try {
            window.sessionStorage.setItem(DRAFT_KEY, event.target.value);
          } catch {
            // storage blocked: the description is simply not kept
          }
        }}
      />
      {text.trim() ? (
        <RequestChipList
          chips={chips}
          nationwide={request.location.places.length === 0}
          onRemove={removeChip}
          onAddSkill={addSkill}
          onAddPlace={addPlace}
        />
      ) : null}
      {text.trim() ? <SaveAsProject request={request} /> : null}
      <section aria-labelledby="matches-heading" aria-busy={matches.isFetching}>
        <h2 id="matches-heading">Matches</h2>
        {!args ? (
          <p>Start typing to see professionals ranked for your project.</p>
        ) : matches.isPending ? (
          <p role="status">Finding matches…</p>
        ) : matches.isError ? (
          <p role="alert">We could not load matches: {matches.error.message}</p>
        ) : matches.data.items.length === 0 ? (
          <p>No professionals match yet. Try removing a place or a must-have.</p>
        ) : (
          <>
            <p role="status">
              Top {matches.data.items.length} of {matches.data.total} professionals considered.
              {userId ? null : (
                <>
                  {' '}
                  <Link to="/register">Create an account</Link> to save favourites.
                </>
              )}
            </p>
            <Results aria-label="Ranked matches">
              {matches.data.items.map((match, index) => (
                <li key={match.id}>
                  <MatchCard match={match} rank={index + 1} />
                </li>
              ))}
            </Results>
          </>
        )}
      </section>
    </Page>
  );
}
