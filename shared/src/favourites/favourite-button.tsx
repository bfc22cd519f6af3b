import styled from 'styled-components';
import { useSession } from '@promatch/shared';
import { useFavouriteIds, useToggleFavourite } from './use-favourites';

const Heart = styled.button`
  display: inline-grid;
  place-items: center;
  width: 2.5rem;
  height: 2.5rem;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.danger};
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  svg {
    width: 1.25rem;
    height: 1.25rem;
  }
`;

export interface FavouriteButtonProps {
  professionalId: string;
  professionalName: string;
}

/**
 * The heart on search results, browse cards, profiles and the favourites page: filled when saved,
 * the same state everywhere (one query per page). Signed-out visitors see no heart.
 */
export function FavouriteButton({ professionalId, professionalName }: FavouriteButtonProps) {
  const signedIn = useSession((state) => state.user !== null);
  const ids = useFavouriteIds();
  const toggle = useToggleFavourite();
  if (!signedIn) return null;
  const saved = ids.data?.has(professionalId) ?? false;
  return (
    <Heart
      type="button"
      aria-pressed={saved}
      aria-label={`Save ${professionalName} to favourites`}
      title={saved ? 'Saved to favourites' : 'Save to favourites'}
      disabled={ids.isPending}
      onClick={() => toggle.mutate({ id: professionalId, save: !saved })}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.6 4.5c2.1 0 3.5 1.2 4.4 2.6.9-1.4 2.3-2.6 4.4-2.6 3.6 0 5.7 3.9 4.2 7.3C19.5 16.4 12 21 12 21z"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
    </Heart>
  );
}
