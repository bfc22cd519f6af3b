import { Page, Stack, useSeo } from '@promatch/shared';
import styled from 'styled-components';

/** Each term in bold over its description, the pairs a line apart. */
const Specs = styled(Stack)`
  dt {
    font-weight: 700;
  }
  dd {
    margin: ${({ theme }) => theme.space.xs} 0 0;
  }
`;

const STACK = [
  [
    'Composition',
    'Six apps: a shell (host) and five remotes (marketing, auth, dashboard, messaging, admin), composed at run time with Module Federation 2 (@module-federation/enhanced 2.9) on rspack 2.3. The shell reads /remotes.json at start-up, so a remote is redeployed without rebuilding the shell.',
  ],
  [
    'UI',
    'React 19.3, react-router-dom 7.18, styled-components 6.6 (light, dark and system themes). One copy of each shared library in the browser (federation singletons).',
  ],
  [
    'State',
    'Server data in @tanstack/react-query 5 (fresh for 5 minutes, kept for 10, retries with backoff); session and preferences in one zustand 5 store shared by every app.',
  ],
  [
    'API',
    '@supabase/supabase-js 2.119 against a Supabase-compatible server: GoTrue-style auth (JWT, refresh rotation, TOTP multi-factor), a PostgREST-compatible REST gateway, realtime over websockets, storage and edge functions.',
  ],
  [
    'Database',
    'PostgreSQL: embedded PGlite (PostgreSQL 18 in WebAssembly) for local use, or PostgreSQL 15+ through DATABASE_URL. Row-level security policies are the single source of truth for who sees what.',
  ],
  [
    'Search',
    'A SQL function (search_professionals): weighted full-text search (name and title, skills, description, location) plus typo correction when nothing matches as typed (each word becomes the nearest word professionals’ profiles use, by shared trigrams counted in plain SQL over a vocabulary table), with filters, sorting and pages, served through the REST gateway.',
  ],
  [
    'Quality',
    'TypeScript strict, ESLint with zero warnings, jest component tests, backend tests on PGlite and PostgreSQL, Playwright end-to-end tests in Chromium with axe-core accessibility checks.',
  ],
  [
    'Runs on',
    'Node.js 20.19+ or 22.12+. Static apps go to any CDN; the API server is stateless on PostgreSQL and scales horizontally.',
  ],
] as const;

/** ProMatch's real architecture (README, docs/architecture.md), with package.json's versions. */
export function TechnicalSpecsPage() {
  useSeo({
    title: 'Technical Specifications',
    description:
      'How ProMatch is built: federated React micro-frontends on rspack, a Supabase-compatible API and PostgreSQL with row-level security.',
    path: '/technical-specs',
  });
  return (
    <Page
      heading="Technical Specifications"
      lead="How ProMatch is built: federated micro-frontends on a Supabase-compatible backend."
    >
      <Specs as="dl" $gap="lg">
        {STACK.map(([term, text]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </Specs>
      <h2>Privacy and security</h2>
      <p>
        Passwords are stored as bcrypt hashes; access tokens are short-lived JWTs; sign-in and
        contact forms are rate limited; profiles never carry e-mail addresses or phone numbers.
      </p>
    </Page>
  );
}
