import { toMatchArgs } from '@promatch/shared/matching';
import { requestForProject, type MatchableProject } from './project-request';

const project = (overrides: Partial<MatchableProject> = {}): MatchableProject => ({
  title: 'Mobile app for our shop',
  description: 'We need someone to build an app with a Node.js backend.',
  category: 'software-development',
  skills: ['React Native'],
  budget_type: 'day',
  budget_max: 450,
  location: 'Leeds',
  remote: false,
  ...overrides,
});

it('matches on what the form recorded as well as what the text says', () => {
  const args = toMatchArgs(requestForProject(project()), 5);
  expect(args.p_categories[0]).toBe('software-development');
  expect(args.p_skills).toEqual(expect.arrayContaining(['React Native', 'Node.js']));
  expect(args.p_towns).toContain('Leeds');
  expect(args.p_remote).toBe(false);
  expect(args.p_budget_hourly).toBe(60);
  expect(args.p_budget_unit).toBe('day');
  expect(args.p_limit).toBe(5);
});

it('a remote project without a place or budget matches anywhere at any rate', () => {
  const args = toMatchArgs(
    requestForProject(project({ location: null, remote: true, budget_max: null })),
  );
  expect(args.p_towns).toEqual([]);
  expect(args.p_remote).toBe(true);
  expect(args.p_budget_hourly).toBeUndefined();
});
