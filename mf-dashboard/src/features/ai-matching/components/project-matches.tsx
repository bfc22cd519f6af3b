import { toMatchArgs } from '@promatch/shared/matching';
import { useMemo } from 'react';
import styled from 'styled-components';
import { useMatches } from '../api/get-matches';
import { requestForProject, type MatchableProject } from '../utils/project-request';
import { MatchCard } from './match-card';

const Results = styled.ol`
  list-style: none;
  padding: 0;
  display: grid;
  gap: 1rem;
`;

/** How many matches sit beside a project. */
export const PROJECT_MATCH_LIMIT = 5;

/**
 * The professionals who best fit a posted project, ranked by match_professionals from what the
 * business wrote and chose on the form, each with its reasons, a 'Message' link and the heart.
 */
export function ProjectMatches({ project }: { project: MatchableProject }) {
  const args = useMemo(
    () => toMatchArgs(requestForProject(project), PROJECT_MATCH_LIMIT),
    [project],
  );
  const matches = useMatches(args, `${project.title}\n${project.description}`);
  return (
    <section aria-labelledby="project-matches" aria-busy={matches.isFetching}>
      <h2 id="project-matches">Best matches for this project</h2>
      {matches.isPending ? (
        <p role="status">Finding matches…</p>
      ) : matches.isError ? (
        <p role="alert">We could not load matches: {matches.error.message}</p>
      ) : matches.data.items.length === 0 ? (
        <p>
          No professionals match this project yet. Adding skills or allowing remote work widens it.
        </p>
      ) : (
        <Results aria-label="Matches for this project">
          {matches.data.items.map((match, index) => (
            <li key={match.id}>
              <MatchCard match={match} rank={index + 1} />
            </li>
          ))}
        </Results>
      )}
    </section>
  );
}
