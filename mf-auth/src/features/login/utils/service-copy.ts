import { findServiceCategory } from '@promatch/shared/categories';

export interface LoginCopy {
  banner: string | null;
  title: string;
  submit: string;
}

/** The login page's words; a service slug names its category ('Access {category} Experts'). */
export function loginCopy(serviceSlug: string | null): LoginCopy {
  const category = serviceSlug ? findServiceCategory(serviceSlug) : undefined;
  if (!category) return { banner: null, title: 'Sign In', submit: 'Sign In' };
  return {
    banner: `Find ${category.name} Professionals`,
    title: `Access ${category.name} Experts`,
    submit: `Find ${category.name} Experts`,
  };
}

/** service and returnTo, carried from the login page to the register page and back. */
export function carriedQuery(params: URLSearchParams): string {
  const carried = new URLSearchParams();
  for (const key of ['service', 'returnTo']) {
    const value = params.get(key);
    if (value) carried.set(key, value);
  }
  const query = carried.toString();
  return query ? `?${query}` : '';
}
