/** A professional as the search RPC and the profile page return it (columns of public.profiles). */
export interface ProfessionalCard {
  id: string;
  name: string;
  title: string | null;
  location: string | null;
  skills: string[];
  categories: string[];
  hourly_rate_min: number | null;
  hourly_rate_max: number | null;
  rating: number;
  review_count: number;
  verified: boolean;
  response_time: string | null;
  completion_rate: number | null;
  availability: 'available' | 'busy' | 'unavailable';
  description: string | null;
  avatar_url: string | null;
  /** The plan's featured_profile flag is on: listed first among equals, labelled Featured. */
  featured?: boolean;
  /** The plan's profile_verification_badge flag is on: the Pro badge. */
  pro_badge?: boolean;
}

export interface SearchPage {
  /** Matches counted up to a cap (1,000); past it this is the cap and total_capped is true. */
  total: number;
  total_capped?: boolean;
  page: number;
  page_size: number;
  items: ProfessionalCard[];
}

export type SortOrder = 'relevance' | 'rating' | 'rate_asc' | 'rate_desc';
export type Availability = ProfessionalCard['availability'];

/** Every filter of the search and browse pages; each one lives in the URL. */
export interface SearchFilters {
  q: string;
  /** A service category slug (one of 12) or a home-page group slug (one of 6). */
  category: string;
  location: string;
  rateMin: number | undefined;
  rateMax: number | undefined;
  minRating: number | undefined;
  verified: boolean;
  availability: Availability | '';
  sort: SortOrder;
  page: number;
}
