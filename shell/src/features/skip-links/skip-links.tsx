import { useEffect, type MouseEvent } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import styled from 'styled-components';
import {
  findSkipTarget,
  focusTarget,
  SKIP_LINKS,
  waitForSkipTarget,
  type SkipTargetId,
} from './skip-target';

/** Off-screen until a link inside receives keyboard focus, then a bar across the top. */
const Bar = styled.nav`
  position: absolute;
  top: 0;
  left: 0;
  right: 0;
  z-index: 100;
  transform: translateY(-120%);
  background: ${({ theme }) => theme.colors.text};
  &:focus-within {
    transform: none;
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1rem;
    margin: 0;
    padding: 0.5rem 1rem;
    list-style: none;
  }
  a,
  button {
    color: ${({ theme }) => theme.colors.background};
    background: none;
    border: 0;
    font: inherit;
    text-decoration: underline;
    cursor: pointer;
    padding: 0.25rem;
  }
`;

/** `onAccessibilitySettings` opens the settings dialog, which the app wires in from its own feature. */
/** How long a page may take to draw its own search field before /search is used instead. */
const OWN_SEARCH_FIELD_WAIT_MS = 1000;

function goToSearchPage(navigate: NavigateFunction, options?: { replace: boolean }): void {
  void navigate('/search', options);
  void waitForSkipTarget('search').then((field) => {
    const fallback = field ?? document.getElementById('main-content');
    if (fallback) focusTarget(fallback);
  });
}

/**
 * A server-rendered page shows the skip links before its code has loaded, so a keyboard user can
 * follow "Skip to search" natively and land on `#search` of a page that has no search field. Once
 * the code runs, finish that skip: the page's own field if it draws one, the search page if not.
 */
function useFinishEarlySearchSkip(navigate: NavigateFunction): void {
  useEffect(() => {
    if (window.location.hash !== '#search') return;
    let cancelled = false;
    void waitForSkipTarget('search', OWN_SEARCH_FIELD_WAIT_MS).then((field) => {
      if (cancelled) return;
      if (field) focusTarget(field);
      else goToSearchPage(navigate, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);
}

export function SkipLinks({ onAccessibilitySettings }: { onAccessibilitySettings: () => void }) {
  const navigate = useNavigate();
  useFinishEarlySearchSkip(navigate);

  const skipTo = (id: SkipTargetId) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const target = findSkipTarget(id);
    if (target) return focusTarget(target);
    // Only search can be missing from a page: the site's search page has the field.
    if (id === 'search') goToSearchPage(navigate);
  };

  return (
    <Bar aria-label="Skip links">
      <ul>
        {SKIP_LINKS.map(({ id, label }) => (
          <li key={id}>
            <a href={`#${id}`} onClick={skipTo(id)}>
              {label}
            </a>
          </li>
        ))}
        <li>
          <button type="button" onClick={onAccessibilitySettings}>
            Accessibility settings
          </button>
        </li>
      </ul>
    </Bar>
  );
}
