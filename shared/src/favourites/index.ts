/**
 * Favourites (the heart on professional cards), a subpath entry: bundled into the apps that show
 * hearts, not into the federated `@promatch/shared` singleton, which every page loads before its
 * first render and which webpack cannot tree-shake. Its state (session, supabase client, toasts,
 * the query cache) comes from the singleton, so every app still shares it.
 */
export { FavouriteButton, type FavouriteButtonProps } from './favourite-button';
export { favouriteKeys } from './favourites-api';
export { useFavouriteIds, useToggleFavourite } from './use-favourites';
