import { Button, Cluster, Input, Label } from '@promatch/shared';
import { SERVICE_CATEGORIES } from '@promatch/shared/categories';
import type { ChangeEvent, FormEvent } from 'react';
import styled from 'styled-components';
import { serializeFilters } from '../hooks/search-params';
import type { Availability, SearchFilters, SortOrder } from '../../../lib/professionals/types';

const Form = styled.form`
  display: grid;
  gap: 0.75rem 1rem;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 12rem), 1fr));
  align-items: end;
  margin-bottom: 1.5rem;
`;

/** A field as wide as the whole form, on a row of its own. */
const FullRow = styled.div`
  grid-column: 1 / -1;
`;

/** A checkbox and its label, as tall as a text box so it lines up with the fields beside it. */
const CheckRow = styled(Cluster)`
  min-height: 2.6rem;
`;

export const Select = styled.select`
  width: 100%;
  padding: 0.6rem 0.5rem;
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
`;

const numberOrUndefined = (value: FormDataEntryValue | null) =>
  value === null || String(value).trim() === '' ? undefined : Number(value);

function readForm(
  form: HTMLFormElement,
  showQuery: boolean,
  current: SearchFilters,
): SearchFilters {
  const data = new FormData(form);
  return {
    q: showQuery ? String(data.get('q') ?? '').trim() : current.q,
    category: String(data.get('category') ?? ''),
    location: String(data.get('location') ?? '').trim(),
    rateMin: numberOrUndefined(data.get('rate_min')),
    rateMax: numberOrUndefined(data.get('rate_max')),
    minRating: numberOrUndefined(data.get('rating')),
    verified: data.get('verified') === 'on',
    availability: String(data.get('availability') ?? '') as Availability | '',
    sort: String(data.get('sort') ?? 'relevance') as SortOrder,
    page: 1,
  };
}

interface SearchFiltersProps {
  filters: SearchFilters;
  onChange(next: SearchFilters): void;
  /** The search page has a text box; browse filters by category only. */
  showQuery?: boolean;
}

/** Every search filter; selects apply at once, text boxes on 'Apply filters'. */
export function SearchFiltersForm({ filters, onChange, showQuery = true }: SearchFiltersProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange(readForm(event.currentTarget, showQuery, filters));
  };
  const applyNow = (event: ChangeEvent<HTMLSelectElement | HTMLInputElement>) =>
    event.currentTarget.form?.requestSubmit();
  return (
    // the key re-reads the URL into the form when the back button changes it
    <Form
      key={serializeFilters(filters).toString()}
      onSubmit={submit}
      aria-label="Search filters"
      role="search"
    >
      {showQuery ? (
        <FullRow>
          <Label htmlFor="filter-q">Skill, role or keyword</Label>
          <Input
            id="filter-q"
            name="q"
            type="search"
            defaultValue={filters.q}
            placeholder="e.g. React developer in Leeds"
          />
        </FullRow>
      ) : null}
      <div>
        <Label htmlFor="filter-category">Category</Label>
        <Select
          id="filter-category"
          name="category"
          defaultValue={filters.category}
          onChange={applyNow}
        >
          <option value="">All categories</option>
          {SERVICE_CATEGORIES.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.name}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="filter-location">Location</Label>
        <Input
          id="filter-location"
          name="location"
          defaultValue={filters.location}
          placeholder="e.g. Manchester"
        />
      </div>
      <div>
        <Label htmlFor="filter-rate-min">Min rate (£/hr)</Label>
        <Input
          id="filter-rate-min"
          name="rate_min"
          type="number"
          min={0}
          step={5}
          defaultValue={filters.rateMin ?? ''}
        />
      </div>
      <div>
        <Label htmlFor="filter-rate-max">Max rate (£/hr)</Label>
        <Input
          id="filter-rate-max"
          name="rate_max"
          type="number"
          min={0}
          step={5}
          defaultValue={filters.rateMax ?? ''}
        />
      </div>
      <div>
        <Label htmlFor="filter-rating">Minimum rating</Label>
        <Select
          id="filter-rating"
          name="rating"
          defaultValue={filters.minRating ?? ''}
          onChange={applyNow}
        >
          <option value="">Any rating</option>
          <option value="3">3 stars and up</option>
          <option value="4">4 stars and up</option>
          <option value="4.5">4.5 stars and up</option>
        </Select>
      </div>
      <div>
        <Label htmlFor="filter-availability">Availability</Label>
        <Select
          id="filter-availability"
          name="availability"
          defaultValue={filters.availability}
          onChange={applyNow}
        >
          <option value="">Any availability</option>
          <option value="available">Available now</option>
          <option value="busy">Limited availability</option>
        </Select>
      </div>
      <div>
        <Label htmlFor="filter-sort">Sort by</Label>
        <Select id="filter-sort" name="sort" defaultValue={filters.sort} onChange={applyNow}>
          <option value="relevance">Best match</option>
          <option value="rating">Highest rated</option>
          <option value="rate_asc">Lowest rate</option>
          <option value="rate_desc">Highest rate</option>
        </Select>
      </div>
      <CheckRow $nowrap>
        <input
          id="filter-verified"
          name="verified"
          type="checkbox"
          defaultChecked={filters.verified}
          onChange={applyNow}
        />
        <label htmlFor="filter-verified">Verified only</label>
      </CheckRow>
      <Button type="submit">Apply filters</Button>
    </Form>
  );
}
