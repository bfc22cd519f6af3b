import { Card } from '@promatch/shared';
import styled from 'styled-components';

/** A responsive grid of cards: one column on phones, up to three on wide screens. */
export const CardGrid = styled.div`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 18rem), 1fr));
  list-style: none;
  padding: 0;
  margin: 0;
`;

/**
 * A card that fills its grid cell, so every card in a row is as tall as the tallest. It zeroes the
 * outer margin a `<figure>` would bring when used `as="figure"`.
 */
export const FillCard = styled(Card)`
  height: 100%;
  margin: 0;
`;
