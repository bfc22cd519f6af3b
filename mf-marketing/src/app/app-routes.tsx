import { Page, PageRendered } from '@promatch/shared';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { HomePage } from '../features/home/components/home-page';
import { DemoDataNotice } from '../lib/professionals/components/demo-data-notice';

// Home is the landing page and ships with the entry; every other page is its own chunk.
const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

const ContactPage = named(
  () => import('../features/contact/components/contact-page'),
  'ContactPage',
);
const PricingPage = named(
  () => import('../features/pricing/components/pricing-page'),
  'PricingPage',
);
const TermsPage = named(() => import('../features/legal/components/terms-page'), 'TermsPage');
const PrivacyPage = named(() => import('../features/legal/components/privacy-page'), 'PrivacyPage');
const GdprPage = named(() => import('../features/legal/components/gdpr-page'), 'GdprPage');
const CookiesPage = named(() => import('../features/legal/components/cookies-page'), 'CookiesPage');
const SearchPage = named(() => import('../features/search/components/search-page'), 'SearchPage');
const BrowsePage = named(() => import('../features/search/components/browse-page'), 'BrowsePage');
const ProfessionalPage = named(
  () => import('../features/professional/components/professional-page'),
  'ProfessionalPage',
);
const HowItWorksPage = named(
  () => import('../features/info/components/how-it-works-page'),
  'HowItWorksPage',
);
const ForProfessionalsPage = named(
  () => import('../features/info/components/audience-pages'),
  'ForProfessionalsPage',
);
const ForBusinessPage = named(
  () => import('../features/info/components/audience-pages'),
  'ForBusinessPage',
);
const TestimonialsPage = named(
  () => import('../features/info/components/testimonials-page'),
  'TestimonialsPage',
);
const TechnicalSpecsPage = named(
  () => import('../features/info/components/technical-specs-page'),
  'TechnicalSpecsPage',
);
const AnalyticsPage = named(
  () => import('../features/insights/components/analytics-page'),
  'AnalyticsPage',
);
const PerformancePage = named(
  () => import('../features/insights/components/performance-page'),
  'PerformancePage',
);
const EnterprisePage = named(
  () => import('../features/enterprise/components/enterprise-page'),
  'EnterprisePage',
);

const UnsubscribePage = named(
  () => import('../features/newsletter/components/unsubscribe-page'),
  'UnsubscribePage',
);

const ROUTES: [string, React.ComponentType][] = [
  ['/contact', ContactPage],
  ['/pricing', PricingPage],
  ['/terms', TermsPage],
  ['/privacy', PrivacyPage],
  ['/cookies', CookiesPage],
  ['/gdpr', GdprPage],
  ['/compliance', GdprPage],
  ['/search', SearchPage],
  ['/browse-professionals', BrowsePage],
  ['/professional/:id', ProfessionalPage],
  ['/how-it-works', HowItWorksPage],
  ['/for-professionals', ForProfessionalsPage],
  ['/for-business', ForBusinessPage],
  ['/testimonials', TestimonialsPage],
  ['/technical-specs', TechnicalSpecsPage],
  ['/analytics', AnalyticsPage],
  ['/performance', PerformancePage],
  ['/enterprise', EnterprisePage],
  ['/unsubscribe', UnsubscribePage],
];

/** The paths mf-marketing draws; the server-side renderer answers for these and no others. */
export const MARKETING_PATHS = ['/', ...ROUTES.map(([path]) => path)];

/** Every public page that mf-marketing owns (the shell's route table sends them here). */
export function AppRoutes() {
  return (
    <Suspense fallback={<Page heading="Loading…" />}>
      <DemoDataNotice />
      <Routes>
        <Route path="/" element={<HomePage />} />
        {ROUTES.map(([path, Component]) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
      </Routes>
      <PageRendered />
    </Suspense>
  );
}
