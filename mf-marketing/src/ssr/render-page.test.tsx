/**
 * @jest-environment node
 */
import { provideRuntimeConfig, type DataProcessor, type RuntimeConfig } from '@promatch/shared';
import { SERVICE_CATEGORIES } from '@promatch/shared/categories';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MARKETING_PATHS } from '../app/app-routes';
import { listPublicPages, renderPage } from './render-page';

/*
 * The renderer as the server runs it (Node, no DOM). The backend is a stand-in that answers the
 * two queries the pages below make, so the test can tell rendered data from loading states;
 * the real backend is exercised end to end (e2e/specs/marketing/server-rendering.spec.ts).
 */
const PROFESSIONAL = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Ada Lovelace',
  title: 'Analytical Engine Consultant',
  location: 'London',
  rating: 4.9,
  review_count: 12,
  skills: ['Mathematics'],
  verified: true,
  hourly_rate_min: 90,
  hourly_rate_max: 120,
  categories: ['data-analytics'],
  description: 'Notes on the engine.',
  avatar_url: null,
  availability: 'available',
  response_time: '1 hour',
  completion_rate: 98,
};

/** Periods unlike the real ones, so the page can only have them from the table. */
const RETENTION = [
  {
    category: 'contact_messages',
    label: 'Contact form messages',
    period_count: 7,
    period_unit: 'month',
    note: 'then deleted',
    legal_basis: 'Legitimate interests (Art. 6(1)(f)): answering you',
  },
  {
    category: 'account',
    label: 'Account and profile',
    period_count: null,
    period_unit: null,
    note: 'While your account is open',
    legal_basis: 'Contract (Art. 6(1)(b))',
  },
];

let backend: Server;
let config: RuntimeConfig;
const requests: string[] = [];

beforeAll(async () => {
  backend = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.setHeader('Content-Type', 'application/json');
    if (request.url?.startsWith('/rest/v1/profiles')) {
      response.end(JSON.stringify([PROFESSIONAL]));
    } else if (request.url?.startsWith('/rest/v1/reviews')) {
      response.end('[]');
    } else if (request.url?.startsWith('/rest/v1/retention_policies')) {
      response.end(JSON.stringify(RETENTION));
    } else {
      response.statusCode = 503;
      response.end(JSON.stringify({ message: 'unavailable in this test' }));
    }
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const { port } = backend.address() as AddressInfo;
  config = {
    supabaseUrl: `http://127.0.0.1:${port}`,
    supabaseAnonKey: 'anon-key-for-tests',
    videoProvider: 'p2p',
    features: {},
  };
});

afterAll(() => new Promise((resolve) => backend.close(resolve)));

it('answers null for paths that are not mf-marketing pages', async () => {
  expect(await renderPage('/login', config)).toBeNull();
  expect(await renderPage('/dashboard?tab=files', config)).toBeNull();
});

it('renders a page with its styles', async () => {
  const page = await renderPage('/technical-specs', config);
  expect(page?.html).toContain('<h1');
  expect(page?.html).toContain('Technical Specifications');
  expect(page?.css).toMatch(/\.[a-zA-Z]+\{/);
});

it('renders the home page when some of its data cannot be fetched, handing over only the rest', async () => {
  const page = await renderPage('/', config);
  expect(page?.html).toContain('Find the right professional for your project');
  expect(page?.html).toContain('placeholder="e.g. A senior consultant');
  const { queries } = page?.state as { queries: { queryKey: unknown[] }[] };
  const keys = queries.map((query) => JSON.stringify(query.queryKey));
  // The figures' RPC answered 503: the browser asks again rather than inherit the failure.
  expect(keys.some((key) => key.includes('stats'))).toBe(false);
  expect(keys.some((key) => key.includes('recent-reviews'))).toBe(true);
});

it("renders the GDPR page's retention periods from public.retention_policies", async () => {
  requests.length = 0;
  const page = await renderPage('/gdpr', config);
  expect(requests.some((line) => line.includes('/rest/v1/retention_policies?'))).toBe(true);
  expect(page?.html).toContain('7 months, then deleted');
  expect(page?.html).toContain('While your account is open');
  expect(page?.html).not.toContain('Loading retention periods');
});

it("fetches the page's data, renders it, and hands it over for the browser", async () => {
  requests.length = 0;
  const page = await renderPage(
    `/professional/${PROFESSIONAL.id}`,
    config,
    'https://promatch.example',
  );
  expect(requests.some((line) => line.includes(`/rest/v1/profiles?`))).toBe(true);
  expect(page?.html).toContain('Ada Lovelace');
  expect(page?.html).toContain('Analytical Engine Consultant');
  const state = page?.state as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
  const detail = state.queries.find((query) =>
    JSON.stringify(query.queryKey).includes(PROFESSIONAL.id),
  );
  expect(detail?.state.data).toMatchObject({ name: 'Ada Lovelace' });
  // The head useSeo sets in the browser, written into the HTML: title, canonical, Person markup.
  expect(page?.head).toContain(
    '<title>Ada Lovelace, Analytical Engine Consultant in London | ProMatch - Professional Services Platform</title>',
  );
  expect(page?.head).toContain(
    `<link rel="canonical" href="https://promatch.example/professional/${PROFESSIONAL.id}">`,
  );
  const jsonLd = page?.head.match(
    /<script id="page-json-ld" type="application\/ld\+json">(.*?)<\/script>/,
  )?.[1];
  expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({
    '@type': 'Person',
    name: 'Ada Lovelace',
    url: `https://promatch.example/professional/${PROFESSIONAL.id}`,
  });
});

it('lists every public page for the sitemap: fixed pages, the 12 categories and each profile', async () => {
  const pages = (await listPublicPages(config)).map((page) => page.path);
  expect(pages).toEqual(expect.arrayContaining(['/', '/pricing', '/search', '/gdpr']));
  // A second address of the GDPR page and the 'moved' notice are not worth indexing.
  expect(pages).not.toContain('/compliance');
  expect(pages).not.toContain('/enterprise');
  expect(pages.filter((path) => path.includes(':'))).toEqual([]);
  expect(pages.filter((path) => path.startsWith('/browse-professionals?category='))).toHaveLength(
    SERVICE_CATEGORIES.length,
  );
  expect(pages).toContain(`/professional/${PROFESSIONAL.id}`);
  // Read as the anonymous visitor through the REST API: row level security decides what is public.
  expect(requests.some((r) => /GET \/rest\/v1\/profiles\?select=id%2Cupdated_at/.test(r))).toBe(
    true,
  );
});

/**
 * Public pages promise only what the product does (decision 0044). Each claim below is true only
 * under a condition of the configuration a page is rendered with: never (not built yet: when one
 * lands, give it its condition in the same change that puts its words back on the pages), a data
 * processor /config.json lists, or a feature flag. Rendered with a configuration that has none of
 * them, no page may make any of these claims; rendered with all of them, the privacy policy names
 * each processor, so the check is known to see them.
 */
type Claim = { claim: RegExp; trueWhen(config: RuntimeConfig): boolean };
const has = (kind: DataProcessor['kind']) => (config: RuntimeConfig) =>
  (config.processors ?? []).some((processor) => processor.kind === kind);
const CLAIMS: Claim[] = [
  {
    claim: /background check|skill assessment|identity (check|verification)|advanced analytics/i,
    trueWhen: () => false,
  },
  { claim: /\bTwilio\b/, trueWhen: has('twilio') },
  { claim: /relay server/i, trueWhen: has('turn') },
  { claim: /embeddings service|semantic|by meaning/i, trueWhen: has('embeddings') },
  { claim: /object storage provider/i, trueWhen: has('file-storage') },
  { claim: /e-mail delivery provider/i, trueWhen: has('email') },
  { claim: /push service|push notifications/i, trueWhen: has('push') },
  {
    claim: /Companies House \(the UK company register\) receives/,
    trueWhen: has('companies-house'),
  },
  {
    claim: /pay (securely|by card|through ProMatch)|secure payments?|payment protection|escrow/i,
    trueWhen: (config) => config.features.payments === true,
  },
];

const PUBLIC_TEXT_PAGES = [
  '/',
  '/how-it-works',
  '/for-business',
  '/for-professionals',
  '/pricing',
  '/technical-specs',
  '/terms',
  '/privacy',
  '/gdpr',
  '/cookies',
];

async function pageText(path: string, rendererConfig: RuntimeConfig) {
  const page = await renderPage(path, rendererConfig);
  return `${page?.head} ${page?.html}`.replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'");
}

it.each(PUBLIC_TEXT_PAGES)('%s claims nothing the configuration does not have', async (path) => {
  const text = await pageText(path, config);
  const untrue = CLAIMS.filter((c) => !c.trueWhen(config) && c.claim.test(text));
  expect(untrue.map((c) => `${c.claim} in ${text.match(c.claim)?.[0]}`)).toEqual([]);
});

it('the privacy policy names every processor the configuration lists, and only those', async () => {
  const everything: RuntimeConfig = {
    ...config,
    processors: [
      { kind: 'email', host: 'smtp.mailhost.example' },
      { kind: 'twilio' },
      { kind: 'turn', host: 'relay.example.net' },
      { kind: 'companies-house' },
      { kind: 'embeddings', host: 'embeddings.example.ai' },
      { kind: 'file-storage', host: 's3.example.com' },
      { kind: 'push' },
    ],
  };
  await renderPage('/privacy', config); // the renderer takes its configuration once, then:
  provideRuntimeConfig(everything);
  const text = await pageText('/privacy', everything).finally(() => provideRuntimeConfig(config));
  const kinds = CLAIMS.filter((c) => c.trueWhen(everything) && c.claim.test(text));
  expect(kinds).toHaveLength(7);
  expect(text).toMatch(/Google Firebase Cloud Messaging for Chrome, Mozilla for Firefox, Apple/);
  expect(text).toContain('embeddings.example.ai');
  expect(text).toContain('Our hosting provider');
  const bare = await pageText('/privacy', config);
  expect(bare).toContain('Our hosting provider');
  expect(bare).not.toMatch(/Twilio|embeddings service|relay server|push service/);
});

// The browser hydrates these pages inside the shell's tree, where React's useId gives other ids
// than in this renderer's (ids come from the position in the tree): an id from useId in a page
// would not match. Pages and the shared components they use pass fixed ids instead.
it.each(MARKETING_PATHS.map((path) => path.replace(':id', PROFESSIONAL.id)))(
  '%s has no useId ids in its server-rendered markup (no useId)',
  async (path) => {
    const page = await renderPage(path, config);
    expect(page?.html).toContain('<h1');
    expect(page?.html).not.toMatch(/_R_[0-9a-z]*_/);
  },
);
