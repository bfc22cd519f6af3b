import {
  Button,
  InlineList,
  PlainList,
  renderWhenNearViewport,
  useSession,
  useHydrated,
} from '@promatch/shared';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

// Below the fold on every page (main is a screen tall): fetched after the first render, and drawn
// only once the page is live: a server-rendered form would submit natively before its code came.
const NewsletterForm = lazy(() =>
  import('./newsletter-form').then((module) => ({ default: module.NewsletterForm })),
);

/** Holds the form's height while its code arrives, so nothing below it moves. */
const FormPlaceholder = styled.div`
  min-height: 2.6rem;
`;

// Below the fold on every page, as above.
const Bar = styled.footer`
  margin-top: auto;
  ${renderWhenNearViewport('30rem')}
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.mutedText};
`;

const Inner = styled.div`
  max-width: 72rem;
  margin: 0 auto;
  padding: 2rem 1.25rem 1rem;
  display: grid;
  gap: 1.5rem;
  grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr));
  a {
    color: ${({ theme }) => theme.colors.text};
  }
  h2 {
    font-size: 1rem;
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Legal = styled.div`
  max-width: 72rem;
  margin: 0 auto;
  padding: 1rem 1.25rem 1.5rem;
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  justify-content: space-between;
  align-items: center;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  > p {
    margin: 0;
  }
`;

const SOCIAL_LINKS = [
  {
    label: 'ProMatch on LinkedIn',
    text: 'LinkedIn',
    href: 'https://www.linkedin.com/company/promatch-uk',
  },
  { label: 'ProMatch on X', text: 'X', href: 'https://x.com/promatch_uk' },
  { label: 'ProMatch on YouTube', text: 'YouTube', href: 'https://www.youtube.com/@promatch-uk' },
];

export function Footer() {
  const setCookieConsent = useSession((state) => state.setCookieConsent);
  const live = useHydrated();
  return (
    <Bar id="footer" tabIndex={-1}>
      <Inner>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">About ProMatch</h2>
          <p>
            The UK marketplace where businesses verified against Companies House find and message
            freelancers and consultants.
          </p>
          <InlineList aria-label="Social media" $gap="lg">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  aria-label={link.label}
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  {link.text}
                </a>
              </li>
            ))}
          </InlineList>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">Quick Links</h2>
          <PlainList $gap="sm">
            <li>
              <Link to="/search">Find Professionals</Link>
            </li>
            <li>
              <Link to="/for-business">For Business</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
          </PlainList>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <p>
            <a href="mailto:hello@promatch.co.uk">hello@promatch.co.uk</a>
          </p>
        </section>
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter">Newsletter</h2>
          <p>Hiring tips and marketplace news, once a month.</p>
          {live ? (
            <Suspense fallback={<FormPlaceholder />}>
              <NewsletterForm />
            </Suspense>
          ) : (
            <FormPlaceholder />
          )}
        </section>
      </Inner>
      <Legal>
        <p>© {new Date().getFullYear()} ProMatch. All rights reserved.</p>
        <Button type="button" $variant="link" $size="sm" onClick={() => setCookieConsent('unset')}>
          Cookie settings
        </Button>
      </Legal>
    </Bar>
  );
}
