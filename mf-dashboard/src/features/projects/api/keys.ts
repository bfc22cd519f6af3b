export const projectKeys = {
  all: ['projects'] as const,
  mine: (ownerId: string) => [...projectKeys.all, 'mine', ownerId] as const,
  open: () => [...projectKeys.all, 'open'] as const,
  detail: (id: string) => [...projectKeys.all, 'detail', id] as const,
  proposals: (professionalId: string) => [...projectKeys.all, 'proposals', professionalId] as const,
  profile: (userId: string) => [...projectKeys.all, 'profile', userId] as const,
  earlyAccessHours: () => [...projectKeys.all, 'early-access-hours'] as const,
};
