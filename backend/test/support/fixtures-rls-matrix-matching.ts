/**
 * Matching's derived data: embeddings of profiles and projects, and the queue of match
 * notifications waiting for the early-access window. Only the database and the backend (service
 * role) write them; staff may read them to inspect; nobody else sees a row. Search's vocabulary
 * (the words of professionals' cards and their trigrams, for typo correction) and its narrow copy
 * of listed professionals' filter and order columns (search_cards, kept by triggers on profiles)
 * are read only by search_professionals, and matching's skill and category postings
 * (match_skill_postings and match_category_postings, kept by triggers on profiles) only by
 * match_professionals, and the skill postings of open projects (project_skill_postings, kept by
 * triggers on projects) only by dashboard_matching_projects: nobody reads or writes them through
 * the API.
 */
import { permitted, type TableSpec } from './fixtures-rls-types.ts';

const none = [] as const;
const embedding = [0.25, 0.5, 0.75];
const computedAt = '2026-01-05T09:00:00Z';

export const matchingSpecs: TableSpec[] = [
  {
    table: 'profile_embeddings',
    key: ['profile_id'],
    seed: (w) => [
      {
        profile_id: w.user.p1,
        model: 'test-model',
        content_hash: 'h1',
        embedding,
        source_updated_at: computedAt,
      },
    ],
    select: [
      {
        label: "p1's embedding",
        key: (w) => ({ profile_id: w.user.p1 }),
        actors: permitted('analytics'),
      },
    ],
    insert: [
      {
        label: 'an embedding of oneself',
        row: (w, a) => ({
          profile_id: w.me(a) ?? w.user.p2,
          model: 'test-model',
          content_hash: 'h2',
          embedding,
          source_updated_at: computedAt,
        }),
        stash: (w) => ({ profile_id: w.user.p1 }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "p1's embedding model",
        row: (w) => ({ profile_id: w.user.p1 }),
        patch: () => ({ model: 'other-model' }),
        allowed: none,
      },
    ],
    delete: [{ label: "p1's embedding", row: (w) => ({ profile_id: w.user.p1 }), allowed: none }],
  },
  {
    table: 'project_embeddings',
    key: ['project_id'],
    seed: (w) => [
      {
        project_id: w.id('proj-open'),
        model: 'test-model',
        content_hash: 'h1',
        embedding,
        source_updated_at: computedAt,
      },
    ],
    select: [
      {
        label: "the open project's embedding",
        key: (w) => ({ project_id: w.id('proj-open') }),
        actors: permitted('analytics'),
      },
    ],
    insert: [
      {
        label: "an open project's embedding",
        row: (w) => ({
          project_id: w.id('proj-open'),
          model: 'test-model',
          content_hash: 'h2',
          embedding,
          source_updated_at: computedAt,
        }),
        stash: (w) => ({ project_id: w.id('proj-open') }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "the open project's embedding model",
        row: (w) => ({ project_id: w.id('proj-open') }),
        patch: () => ({ model: 'other-model' }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: "the open project's embedding",
        row: (w) => ({ project_id: w.id('proj-open') }),
        allowed: none,
      },
    ],
  },
  {
    table: 'pending_match_notifications',
    key: ['user_id', 'project_id'],
    // p2 (free plan): the release job would hand p1 (pro, early access) the match at once.
    seed: (w) => [
      { user_id: w.user.p2, project_id: w.id('proj-open'), release_at: '2099-01-01T00:00:00Z' },
    ],
    select: [
      {
        label: "p2's queued match notification",
        key: (w) => ({ user_id: w.user.p2, project_id: w.id('proj-open') }),
        actors: permitted('analytics'),
      },
    ],
    insert: [
      {
        label: 'a queued notification for oneself',
        row: (w, a) => ({
          user_id: w.me(a) ?? w.user.p2,
          project_id: w.id('proj-open'),
          release_at: '2099-01-01T00:00:00Z',
        }),
        stash: (w) => ({ user_id: w.user.p2, project_id: w.id('proj-open') }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "p2's release time",
        row: (w) => ({ user_id: w.user.p2, project_id: w.id('proj-open') }),
        patch: () => ({ release_at: '2001-01-01T00:00:00Z' }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: "p2's queued match notification",
        row: (w) => ({ user_id: w.user.p2, project_id: w.id('proj-open') }),
        allowed: none,
      },
    ],
  },
  {
    table: 'search_words',
    key: ['word'],
    seed: () => [{ word: 'matrixvocabword', trigram_count: 16 }],
    select: [{ label: 'a known word', key: () => ({ word: 'matrixvocabword' }), actors: none }],
    insert: [
      {
        label: 'a planted word',
        row: (w, a) => ({ word: `planted${a}`, trigram_count: 9 }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "a word's trigram count",
        row: () => ({ word: 'matrixvocabword' }),
        patch: () => ({ trigram_count: 1 }),
        allowed: none,
      },
    ],
    delete: [{ label: 'a known word', row: () => ({ word: 'matrixvocabword' }), allowed: none }],
  },
  {
    table: 'search_word_trigrams',
    key: ['trigram', 'word'],
    seed: () => [{ trigram: 'mat', word: 'matrixvocabword' }],
    select: [
      {
        label: "a word's trigram",
        key: () => ({ trigram: 'mat', word: 'matrixvocabword' }),
        actors: none,
      },
    ],
    insert: [
      {
        label: 'a planted trigram',
        row: () => ({ trigram: 'zzz', word: 'matrixvocabword' }),
        allowed: none,
      },
    ],
    update: [
      {
        label: 'a trigram',
        row: () => ({ trigram: 'mat', word: 'matrixvocabword' }),
        patch: () => ({ trigram: 'xxx' }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: "a word's trigram",
        row: () => ({ trigram: 'mat', word: 'matrixvocabword' }),
        allowed: none,
      },
    ],
  },
  {
    // p1 is a listed professional, so the profiles trigger already copied their row
    table: 'search_cards',
    key: ['id'],
    select: [{ label: "p1's search card", key: (w) => ({ id: w.user.p1 }), actors: none }],
    insert: [
      {
        label: 'a planted card for a business',
        row: (w) => ({
          id: w.user.b,
          categories: [],
          rating: 5,
          review_count: 100,
          verified: true,
          availability: 'available',
          featured: true,
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "p1's review count",
        row: (w) => ({ id: w.user.p1 }),
        patch: () => ({ review_count: 9999 }),
        allowed: none,
      },
    ],
    delete: [{ label: "p1's search card", row: (w) => ({ id: w.user.p1 }), allowed: none }],
  },
  {
    // the profiles trigger writes these from a professional's skills; p1 lists none, so the
    // service role plants one
    table: 'match_skill_postings',
    key: ['skill', 'id'],
    seed: (w) => [{ skill: 'matrixskill', id: w.user.p1, prior: 0.1 }],
    select: [
      {
        label: "p1's posting",
        key: (w) => ({ skill: 'matrixskill', id: w.user.p1 }),
        actors: none,
      },
    ],
    insert: [
      {
        label: 'a planted top posting for a business',
        row: (w) => ({ skill: 'react', id: w.user.b, prior: 1 }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "p1's prior",
        row: (w) => ({ skill: 'matrixskill', id: w.user.p1, prior: 0.1 }),
        patch: () => ({ prior: 0.99 }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: "p1's posting",
        row: (w) => ({ skill: 'matrixskill', id: w.user.p1, prior: 0.1 }),
        allowed: none,
      },
    ],
  },
  {
    // the profiles trigger writes these from a professional's categories; the service role plants
    // one for p1 under a category p1 does not list
    table: 'match_category_postings',
    key: ['category', 'id'],
    seed: (w) => [
      {
        category: 'matrix-category',
        id: w.user.p1,
        town: 'leeds',
        remote: false,
        verified: false,
        rating: 3,
        review_count: 1,
      },
    ],
    select: [
      {
        label: "p1's category posting",
        key: (w) => ({ category: 'matrix-category', id: w.user.p1 }),
        actors: none,
      },
    ],
    insert: [
      {
        label: 'a planted best-reviewed posting for a business',
        row: (w) => ({
          category: 'development',
          id: w.user.b,
          town: 'london',
          remote: true,
          verified: true,
          rating: 5,
          review_count: 999,
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "p1's rating",
        row: (w) => ({
          category: 'matrix-category',
          id: w.user.p1,
          town: 'leeds',
          remote: false,
          verified: false,
          rating: 3,
          review_count: 1,
        }),
        patch: () => ({ rating: 5 }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: "p1's category posting",
        row: (w) => ({
          category: 'matrix-category',
          id: w.user.p1,
          town: 'leeds',
          remote: false,
          verified: false,
          rating: 3,
          review_count: 1,
        }),
        allowed: none,
      },
    ],
  },
  {
    // the projects trigger writes these from an open project's skills; the service role plants
    // one under a skill no project lists
    table: 'project_skill_postings',
    key: ['skill', 'id'],
    seed: (w) => [
      {
        skill: 'matrixskill',
        id: w.id('proj-open'),
        created_at: computedAt,
        published_at: computedAt,
        skills: ['MatrixSkill'],
      },
    ],
    select: [
      {
        label: "the open project's posting",
        key: (w) => ({ skill: 'matrixskill', id: w.id('proj-open') }),
        actors: none,
      },
    ],
    insert: [
      {
        label: 'a planted newest posting',
        row: (w) => ({
          skill: 'react',
          id: w.id('proj-open'),
          created_at: '2099-01-01T00:00:00Z',
          published_at: computedAt,
          skills: ['React'],
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "the open project's posting date",
        row: (w) => ({
          skill: 'matrixskill',
          id: w.id('proj-open'),
          created_at: computedAt,
          published_at: computedAt,
          skills: ['MatrixSkill'],
        }),
        patch: () => ({ created_at: '2099-01-01T00:00:00Z' }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: "the open project's posting",
        row: (w) => ({
          skill: 'matrixskill',
          id: w.id('proj-open'),
          created_at: computedAt,
          published_at: computedAt,
          skills: ['MatrixSkill'],
        }),
        allowed: none,
      },
    ],
  },
];
