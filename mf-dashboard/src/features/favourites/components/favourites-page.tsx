import { Button, Cluster, Label, Page } from '@promatch/shared';
import { SERVICE_CATEGORIES } from '@promatch/shared/categories';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useFavourites } from '../api/get-favourites';
import { arrangeFavourites, DEFAULT_ARRANGEMENT, SORTS, type SortKey } from '../utils/arrange';
import { FavouriteCard } from './favourite-card';

const Controls = styled.div`
  display: grid;
  gap: 0.75rem 1rem;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  align-items: end;
  margin-bottom: 1.25rem;
  input[type='search'],
  select {
    width: 100%;
    padding: 0.5rem;
    font: inherit;
  }
`;

const List = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fill, minmax(20rem, 1fr));
`;

/** /favorites: the professionals the user saved, with notes, filters and sorting. */
export function FavouritesPage() {
  const favourites = useFavourites();
  const [how, setHow] = useState(DEFAULT_ARRANGEMENT);
  const shown = favourites.data ? arrangeFavourites(favourites.data, how) : [];
  return (
    <Page heading="Favorites" lead="Professionals you have saved, with your private notes.">
      <Controls role="search" aria-label="Filter favourites">
        <div>
          <Label htmlFor="favourites-text">Search your favourites</Label>
          <input
            id="favourites-text"
            type="search"
            value={how.text}
            onChange={(event) => setHow({ ...how, text: event.target.value })}
          />
        </div>
        <div>
          <Label htmlFor="favourites-category">Category</Label>
          <select
            id="favourites-category"
            value={how.category}
            onChange={(event) => setHow({ ...how, category: event.target.value })}
          >
            <option value="">All categories</option>
            {SERVICE_CATEGORIES.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="favourites-sort">Sort by</Label>
          <select
            id="favourites-sort"
            value={how.sort}
            onChange={(event) => setHow({ ...how, sort: event.target.value as SortKey })}
          >
            {Object.entries(SORTS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <Cluster as="label" $nowrap>
          <input
            type="checkbox"
            checked={how.availableOnly}
            onChange={(event) => setHow({ ...how, availableOnly: event.target.checked })}
          />
          Available now only
        </Cluster>
      </Controls>
      {favourites.isPending ? <p role="status">Loading your favourites…</p> : null}
      {favourites.isError ? (
        <div role="alert">
          <p>We could not load your favourites: {favourites.error.message}</p>
          <Button type="button" onClick={() => void favourites.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {favourites.data?.length === 0 ? (
        <p>
          You have not saved anyone yet. Tap the heart on a professional in{' '}
          <Link to="/search">search</Link> to keep them here.
        </p>
      ) : null}
      {favourites.data && favourites.data.length > 0 ? (
        <>
          <p role="status">
            Showing {shown.length} of {favourites.data.length}
          </p>
          <List>
            {shown.map((entry) => (
              <li key={entry.id}>
                <FavouriteCard entry={entry} />
              </li>
            ))}
          </List>
        </>
      ) : null}
    </Page>
  );
}
