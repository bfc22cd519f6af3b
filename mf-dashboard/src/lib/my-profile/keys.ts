/** Query keys of the signed-in user's own profile: never write one inline. */
export const myProfileKeys = {
  all: ['my-profile'] as const,
  detail: (userId: string) => [...myProfileKeys.all, userId] as const,
};
