/** One ranked professional from match_professionals, with its reasons and gaps. */
export interface Match {
  id: string;
  name: string;
  title: string | null;
  location: string | null;
  skills: string[];
  hourly_rate_min: number | null;
  hourly_rate_max: number | null;
  rating: number;
  review_count: number;
  verified: boolean;
  availability: 'available' | 'busy' | 'unavailable';
  /** 0-100: how well this person fits what was asked for. */
  score: number;
  reasons: string[];
  missing: string[];
}

export interface MatchResult {
  total: number;
  items: Match[];
}
