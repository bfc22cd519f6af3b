import { parseRequest } from '@promatch/shared/matching';
import { projectDraftFrom } from './project-draft';

describe('a matching request as a draft project', () => {
  test('the headline request keeps its skill, place, day-rate budget and timeline', () => {
    const draft = projectDraftFrom(
      parseRequest(
        'Need a React Native developer in Leeds for a 3 month contract, about £450 a day',
      ),
    );
    expect(draft).toMatchObject({
      title: 'React Native in Leeds',
      category: 'software-development',
      skills: ['React Native'],
      budget_type: 'day',
      budget_max: 450,
      timeline: '3 months',
      location: 'Leeds',
      remote: false,
      status: 'draft',
    });
  });

  test('a fixed budget and no place: fixed price, remote allowed', () => {
    const draft = projectDraftFrom(
      parseRequest('around 10k fixed to redesign our website in Figma'),
    );
    expect(draft).toMatchObject({
      budget_type: 'fixed',
      budget_max: 10000,
      remote: true,
      location: null,
    });
  });
});
