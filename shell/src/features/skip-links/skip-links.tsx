import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
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
export function SkipLinks({ onAccessibilitySettings }: { onAccessibilitySettings: () => void }) {
  const navigate = useNavigate();

  const skipTo = (id: SkipTargetId) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const target = findSkipTarget(id);
    if (target) return focusTarget(target);
    // Only search can be missing from a page: the site's search page has the field.
    if (id !== 'search') return;
    void navigate('/search');
    void waitForSkipTarget('search').then((field) => {
      const fallback = field ?? document.getElementById('main-content');
      if (fallback) focusTarget(fallback);
    });
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
