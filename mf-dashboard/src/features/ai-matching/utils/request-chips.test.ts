import { parseRequest } from '@promatch/shared/matching';
import { applyEdits, NO_EDITS, recogniseAddition, requestChips } from './request-chips';

const HEADLINE = 'Need a React Native developer in Leeds for a 3 month contract, about £450 a day';

describe('request chips', () => {
  test('the headline request shows category, skill, town, budget and timeline chips', () => {
    expect(requestChips(parseRequest(HEADLINE)).map((chip) => chip.label)).toEqual([
      'Software Development',
      'React Native',
      'Leeds',
      'about £450/day',
      '3 months',
    ]);
  });

  test('removing the town widens the request to the whole UK', () => {
    const edited = applyEdits(parseRequest(HEADLINE), { ...NO_EDITS, removed: ['place:Leeds'] });
    expect(edited.location.places).toEqual([]);
    expect(requestChips(edited).map((chip) => chip.id)).not.toContain('place:Leeds');
    expect(edited.skills).toEqual(['React Native']);
  });

  test('added skills and places join the request; a removed must-have is no longer required', () => {
    const parsed = parseRequest('Java developer, must have Kafka');
    expect(requestChips(parsed).find((chip) => chip.id === 'skill:Kafka')?.label).toBe(
      'Kafka (must have)',
    );
    const edited = applyEdits(parsed, {
      removed: ['skill:Kafka'],
      addedSkills: ['Spring Boot'],
      addedPlaces: ['Bristol'],
    });
    expect(edited.skills).toEqual(['Java', 'Spring Boot']);
    expect(edited.mustHaves).toEqual([]);
    expect(edited.location.places.map((place) => place.name)).toEqual(['Bristol']);
  });

  test('skills mentioned as context get chips of their own; removing one drops it', () => {
    const parsed = parseRequest(
      'We need a penetration test on our web app before our ISO 27001 audit, London',
    );
    expect(requestChips(parsed).map((chip) => chip.label)).toEqual([
      'Cybersecurity',
      'Penetration Testing',
      'ISO 27001 (context)',
      'London',
    ]);
    const edited = applyEdits(parsed, { ...NO_EDITS, removed: ['context:ISO 27001'] });
    expect(edited.context).toEqual([]);
    expect(edited.skills).toEqual(['Penetration Testing']);
    // added by hand as a skill, it becomes part of the need
    const promoted = applyEdits(parsed, { ...NO_EDITS, addedSkills: ['ISO 27001'] });
    expect(promoted.skills).toEqual(['Penetration Testing', 'ISO 27001']);
    expect(promoted.context).toEqual([]);
  });

  test('typed additions are recognised through synonyms and the gazetteer', () => {
    expect(recogniseAddition('k8s')).toEqual({ skill: 'Kubernetes' });
    expect(recogniseAddition('scotland')).toEqual({ place: 'Scotland' });
    expect(recogniseAddition('underwater basket weaving')).toEqual({});
  });
});
