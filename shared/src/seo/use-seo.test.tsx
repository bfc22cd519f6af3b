import { renderHook } from '@testing-library/react';
import { useSeo } from './use-seo';

const content = (selector: string, attr = 'content') =>
  document.head.querySelector(selector)?.getAttribute(attr);

describe('useSeo', () => {
  it('sets the title with the shared suffix, description, canonical and Open Graph tags', () => {
    renderHook(() =>
      useSeo({ title: 'Pricing', description: 'Plans for professionals.', path: '/pricing' }),
    );
    expect(document.title).toBe('Pricing | ProMatch - Professional Services Platform');
    expect(content('meta[name="description"]')).toBe('Plans for professionals.');
    expect(content('link[rel="canonical"]', 'href')).toBe('http://localhost/pricing');
    expect(content('meta[property="og:title"]')).toBe(document.title);
    expect(content('meta[property="og:type"]')).toBe('website');
  });

  it('adds JSON-LD while mounted and removes it afterwards', () => {
    const { unmount } = renderHook(() =>
      useSeo({ title: 'Ada', description: 'Profile', jsonLd: { '@type': 'Person', name: 'Ada' } }),
    );
    expect(document.getElementById('page-json-ld')?.textContent).toContain('"Person"');
    expect(content('meta[property="og:type"]')).toBe('profile');
    unmount();
    expect(document.getElementById('page-json-ld')).toBeNull();
  });
});
