import { formatBudget, formatRate } from './format-budget';
import { rankProjects } from './match-project';
import { suggestCategory, suggestSkills } from './suggest-skills';

test('budgets read in pounds with their unit', () => {
  expect(formatBudget('fixed', 5000, 8000)).toBe('£5,000–£8,000 fixed price');
  expect(formatBudget('day', 450, 450)).toBe('£450 a day');
  expect(formatBudget('hour', null, 60)).toBe('up to £60 an hour');
  expect(formatBudget('day', 300, null)).toBe('from £300 a day');
  expect(formatBudget('fixed', null, null)).toBe('Budget to be agreed');
  expect(formatRate('hour', 55)).toBe('£55 an hour');
});

test('skills named in the text are suggested, as whole words only', () => {
  expect(
    suggestSkills('We need a React and TypeScript developer to build on Node and Postgres in AWS.'),
  ).toEqual(['React', 'TypeScript', 'AWS', 'Node.js', 'PostgreSQL']);
  expect(suggestSkills('Reactive goals; a gopher; javascriptish')).toEqual([]);
  expect(suggestSkills('Migrate our .NET app and C# services')).toEqual(['C#', '.NET']);
});

test('the category is the one the text mentions most', () => {
  expect(suggestCategory('A penetration test and cybersecurity review')).toBe('cybersecurity');
  expect(suggestCategory('Kubernetes and Terraform for our devops team')).toBe(
    'devops-infrastructure',
  );
  expect(suggestCategory('Paint the office')).toBeNull();
});

test('projects with shared skills rank first, then the category, then the newest', () => {
  const projects = [
    { id: 'a', skills: ['Figma'], category: 'ux-ui-design' },
    { id: 'b', skills: ['react', 'AWS'], category: 'software-development' },
    { id: 'c', skills: [], category: 'software-development' },
    { id: 'd', skills: [], category: null },
  ];
  const ranked = rankProjects(projects, {
    skills: ['React', 'AWS'],
    categories: ['software-development'],
  });
  expect(ranked.map((r) => r.project.id)).toEqual(['b', 'c', 'a', 'd']);
  expect(ranked[0].match.sharedSkills).toEqual(['react', 'AWS']);
});
