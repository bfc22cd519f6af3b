/** Query keys of the messaging remote, in one place so invalidation always hits the same keys. */
export const messagingKeys = {
  all: ['messaging'] as const,
  conversations: (search: string) => ['messaging', 'conversations', search] as const,
  conversationList: () => ['messaging', 'conversations'] as const,
  conversationWith: (partnerId: string) => ['messaging', 'conversation-with', partnerId] as const,
  thread: (conversationId: string) => ['messaging', 'thread', conversationId] as const,
  partner: (userId: string) => ['messaging', 'partner', userId] as const,
  unread: (userId: string) => ['messaging', 'unread', userId] as const,
  attachmentLimits: () => ['messaging', 'attachment-limits'] as const,
  attachmentUrl: (path: string) => ['messaging', 'attachment-url', path] as const,
  appointments: () => ['messaging', 'appointments'] as const,
  conversationAppointments: (conversationId: string) =>
    ['messaging', 'appointments', 'conversation', conversationId] as const,
  upcomingAppointments: (userId: string) =>
    ['messaging', 'appointments', 'upcoming', userId] as const,
  pastAppointments: (userId: string) => ['messaging', 'appointments', 'past', userId] as const,
  reminders: (userId: string) => ['messaging', 'reminders', userId] as const,
  /** Under appointments(), so every appointment action refreshes it. */
  bookingsUsed: (userId: string) => ['messaging', 'appointments', 'bookings-used', userId] as const,
};
