/** Query keys of the files tab, per signed-in user: never write one inline. */
export const fileKeys = {
  all: ['files'] as const,
  list: (userId: string) => [...fileKeys.all, 'list', userId] as const,
  partners: (userId: string) => [...fileKeys.all, 'partners', userId] as const,
};
