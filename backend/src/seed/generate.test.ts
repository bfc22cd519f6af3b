import { ALL_TOWNS, findSkill } from '@promatch/shared/matching';
import { PERSONAS } from './category-profiles.ts';
import { generateDemoData } from './generate.ts';
import { TOWNS } from './uk-data.ts';

describe('demo professionals are coherent', () => {
  const { professionals } = generateDemoData(600);

  test('every persona skill is a canonical name of the matching lexicon, every town is in the gazetteer', () => {
    for (const persona of PERSONAS) {
      for (const skill of [...persona.core, ...persona.extra]) {
        expect(findSkill(skill)?.name).toBe(skill);
      }
    }
    for (const [town] of TOWNS) expect(ALL_TOWNS).toContain(town);
  });

  test('title, skills, categories, rate and About agree for each professional', () => {
    for (const pro of professionals) {
      // the main skill and at least one other belong to the professional's own categories
      const related = pro.skills.filter((skill) =>
        findSkill(skill)?.categories.some((slug) => pro.categories.includes(slug)),
      );
      expect(related).toContain(pro.skills[0]);
      expect(related.length).toBeGreaterThanOrEqual(2);
      expect(pro.description).toContain(pro.title);
      expect(pro.description).toContain(pro.location);
      for (const skill of pro.skills) expect(pro.description).toContain(skill);
      expect(pro.rateMin).toBeLessThanOrEqual(pro.rateMax);
      expect(pro.rateMin).toBeGreaterThanOrEqual(15);
      if (/react developer/i.test(pro.title)) expect(pro.skills).toContain('React');
      if (/react native/i.test(pro.title)) expect(pro.skills).toContain('React Native');
      if (/bookkeeper/i.test(pro.title)) expect(pro.skills).toContain('Bookkeeping');
      if (/^junior/i.test(pro.title)) expect(pro.description).toMatch(/with [12] years? of/);
    }
  });

  test('realistic variety: all 12 categories, many titles and towns, senior people cost more', () => {
    expect(new Set(professionals.flatMap((pro) => pro.categories)).size).toBe(12);
    expect(new Set(professionals.map((pro) => pro.title)).size).toBeGreaterThan(100);
    expect(new Set(professionals.map((pro) => pro.location)).size).toBeGreaterThan(40);
    const mean = (rates: number[]) => rates.reduce((a, b) => a + b, 0) / rates.length;
    const senior = professionals.filter((pro) => /^(senior|lead)\b/i.test(pro.title));
    const junior = professionals.filter((pro) => /^junior\b/i.test(pro.title));
    expect(mean(senior.map((pro) => pro.rateMin))).toBeGreaterThan(
      mean(junior.map((pro) => pro.rateMin)) * 1.4,
    );
  });

  test('deterministic: the same seed gives the same people, a larger set starts with a smaller one', () => {
    expect(generateDemoData(40)).toEqual(generateDemoData(40));
    expect(generateDemoData(80).professionals.slice(0, 40)).toEqual(
      generateDemoData(40).professionals,
    );
  });
});
