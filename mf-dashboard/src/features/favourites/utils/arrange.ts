import type { FavouriteEntry } from '../api/get-favourites';

export const SORTS = {
  recent: 'Recently saved',
  name: 'Name (A–Z)',
  rating: 'Highest rated',
  rate: 'Lowest hourly rate',
} as const;
export type SortKey = keyof typeof SORTS;

export interface Arrangement {
  text: string;
  category: string;
  availableOnly: boolean;
  sort: SortKey;
}

export const DEFAULT_ARRANGEMENT: Arrangement = {
  text: '',
  category: '',
  availableOnly: false,
  sort: 'recent',
};

const compare: Record<SortKey, (a: FavouriteEntry, b: FavouriteEntry) => number> = {
  recent: (a, b) => b.created_at.localeCompare(a.created_at),
  name: (a, b) => a.professional.name.localeCompare(b.professional.name, 'en-GB'),
  rating: (a, b) => Number(b.professional.rating) - Number(a.professional.rating),
  // Unknown rates go last: they are no cheaper for being unstated.
  rate: (a, b) =>
    (a.professional.hourly_rate_min ?? Infinity) - (b.professional.hourly_rate_min ?? Infinity),
};

/** Filters by text (name, title, location or note), category and availability, then sorts. */
export function arrangeFavourites(list: FavouriteEntry[], how: Arrangement): FavouriteEntry[] {
  const text = how.text.trim().toLowerCase();
  return list
    .filter(({ professional: p, note }) => {
      if (how.category && !p.categories.includes(how.category)) return false;
      if (how.availableOnly && p.availability !== 'available') return false;
      if (!text) return true;
      return [p.name, p.title, p.location, note].some((field) =>
        field?.toLowerCase().includes(text),
      );
    })
    .sort(compare[how.sort]);
}
