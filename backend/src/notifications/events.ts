/**
 * The notification event catalogue: every event ProMatch tells people about, with who receives
 * it, its preference group (notification_preferences.kind; the database maps kinds to groups in
 * public.notification_group), its in-app text, its e-mail, its push text and its link. The e-mail
 * job (jobs/notification-email.ts) and the push sender read their words from here.
 *
 * An event reaches this module as `EventData`: for a row of public.notifications, the title, body
 * and link its writer stored (the in-app text); for new messages, the sender and the unread
 * messages of the burst.
 */

/** Preference groups, in the order settings list them. */
export const NOTIFICATION_GROUPS = [
  'messages',
  'proposals',
  'hires',
  'appointments',
  'matches',
  'teams',
  'reviews',
  'account',
  'payments',
] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

/** Groups e-mailed as each event happens unless the user chose the digest. */
export const IMMEDIATE_EMAIL_BY_DEFAULT: readonly NotificationGroup[] = [
  'messages',
  'proposals',
  'hires',
  'appointments',
];

/** What each group's one-click unsubscribe turns off, in the words of the e-mail footer. */
export const GROUP_LABELS: Record<NotificationGroup, string> = {
  messages: 'new messages',
  proposals: 'proposals',
  hires: 'hires',
  appointments: 'appointments, call reminders and missed calls',
  matches: 'new projects you match',
  teams: 'your teams',
  reviews: 'reviews',
  account: 'account and verification',
  payments: 'payments and milestones',
};

export const isNotificationGroup = (value: string): value is NotificationGroup =>
  (NOTIFICATION_GROUPS as readonly string[]).includes(value);

export interface EventData {
  /** The stored in-app title and body (notifications rows). */
  title?: string;
  body?: string;
  /** A site path (or absolute URL) to the item. */
  link?: string | null;
  /** New messages: who wrote, what they wrote (oldest first), and the conversation. */
  senderName?: string;
  messages?: { content: string; created_at: string }[];
  conversationId?: string;
}

export interface NotificationEvent {
  kind: string;
  group: NotificationGroup;
  /** Who receives it. */
  recipients: string;
  /**
   * The database function that writes it where the state changes (a trigger or a security-definer
   * function), so no path can skip it; email-template.test.ts checks that each writes its kind.
   */
  writer: string;
  inApp: (data: EventData) => { title: string; body: string };
  email: (data: EventData) => { subject: string; heading: string; lines: string[]; action: string };
  push: (data: EventData) => { title: string; body: string };
  link: (data: EventData) => string;
}

const stored = (data: EventData) => ({ title: data.title ?? 'ProMatch', body: data.body ?? '' });
const storedLink = (fallback: string) => (data: EventData) => data.link ?? fallback;

/** An event whose words are the stored in-app title and body (notifications rows). */
function fromRow(
  kind: string,
  group: NotificationGroup,
  recipients: string,
  action: string,
  fallbackLink: string,
  writer: string,
): NotificationEvent {
  return {
    kind,
    group,
    recipients,
    writer,
    inApp: stored,
    email: (data) => ({
      subject: stored(data).title,
      heading: stored(data).title,
      lines: [stored(data).body].filter(Boolean),
      action,
    }),
    push: stored,
    link: storedLink(fallbackLink),
  };
}

const snippet = (text: string, max = 140) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

export const NOTIFICATION_EVENTS: readonly NotificationEvent[] = [
  {
    kind: 'message_new',
    group: 'messages',
    recipients:
      'the other participant of the conversation, by e-mail only when they have not read it within the unread delay; one e-mail per conversation burst',
    writer: 'message_queue_email',
    inApp: (data) => ({
      title: `New message from ${data.senderName ?? 'someone'}`,
      body: snippet(data.messages?.at(-1)?.content ?? ''),
    }),
    email: (data) => {
      const count = data.messages?.length ?? 0;
      const sender = data.senderName ?? 'Someone';
      return {
        subject:
          count > 1
            ? `${sender} sent you ${count} messages on ProMatch`
            : `${sender} sent you a message on ProMatch`,
        heading: `New message${count > 1 ? 's' : ''} from ${sender}`,
        lines: (data.messages ?? []).map((m) => snippet(m.content, 500)),
        action: 'Reply in ProMatch',
      };
    },
    push: (data) => ({
      title: data.senderName ?? 'New message',
      body: snippet(data.messages?.at(-1)?.content ?? 'New message'),
    }),
    link: (data) => (data.conversationId ? `/messages/${data.conversationId}` : '/messages'),
  },
  fromRow(
    'proposal_received',
    'proposals',
    'the business that owns the project, for each new proposal',
    'View the proposal',
    '/projects',
    'notify_proposal',
  ),
  fromRow(
    'proposal_shortlisted',
    'proposals',
    'the professional who sent the proposal',
    'View your proposal',
    '/projects',
    'notify_proposal',
  ),
  fromRow(
    'proposal_declined',
    'proposals',
    'the professional who sent the proposal',
    'View your proposal',
    '/projects',
    'notify_proposal',
  ),
  // An accepted proposal hires its professional: hire_made is its one notification (a separate
  // "proposal accepted" would tell the same person the same thing twice).
  fromRow(
    'hire_made',
    'hires',
    'the professional hired (the one notification of an accepted proposal)',
    'View the project',
    '/projects',
    'notify_hire',
  ),
  fromRow(
    'appointment_requested',
    'appointments',
    'the invitee of the appointment',
    'Answer the request',
    '/messages',
    'notify_appointment_change',
  ),
  fromRow(
    'appointment_accepted',
    'appointments',
    'the organiser',
    'View the appointment',
    '/messages',
    'notify_appointment_change',
  ),
  fromRow(
    'appointment_declined',
    'appointments',
    'the organiser',
    'View the appointment',
    '/messages',
    'notify_appointment_change',
  ),
  fromRow(
    'appointment_moved',
    'appointments',
    'the other participant',
    'View the appointment',
    '/messages',
    'notify_appointment_change',
  ),
  fromRow(
    'appointment_cancelled',
    'appointments',
    'the other participant',
    'View the appointment',
    '/messages',
    'notify_appointment_change',
  ),
  fromRow(
    'appointment_reminder_24h',
    'appointments',
    'both participants, 24 hours before',
    'View the appointment',
    '/messages',
    'appointments_tick',
  ),
  fromRow(
    'appointment_reminder_15m',
    'appointments',
    'both participants, 15 minutes before',
    'Join the call',
    '/messages',
    'appointments_tick',
  ),
  fromRow(
    'call_missed',
    'appointments',
    "the other participant, when one waited in the conversation's video call and left before they joined (at most once per conversation in 10 minutes)",
    'Call back',
    '/messages',
    'record_missed_call',
  ),
  fromRow(
    'review_received',
    'reviews',
    'the professional reviewed',
    'Read the review',
    '/dashboard',
    'notify_review',
  ),
  fromRow(
    'verification_decided',
    'account',
    'the professional whose request for the verified badge was granted or refused',
    'View your account',
    '/dashboard',
    'notify_verification_decision',
  ),
  fromRow(
    'team_invitation',
    'teams',
    'the account that owns the invited address (confirmed); the link itself goes only by e-mail',
    'Open your teams',
    '/teams',
    'notify_team_invitation',
  ),
  fromRow(
    'team_member_joined',
    'teams',
    'the team owner and admins',
    'Open your teams',
    '/teams',
    'accept_team_invitation',
  ),
  fromRow(
    'project_match',
    'matches',
    'professionals strongly matching a newly published project',
    'View the project',
    '/projects',
    'release_project_match_notifications',
  ),
  fromRow(
    'milestone_funded',
    'payments',
    'the professional of the contract',
    'View the milestone',
    '/payments',
    'notify_milestone_change',
  ),
  fromRow(
    'milestone_approved',
    'payments',
    'the professional of the contract',
    'View the milestone',
    '/payments',
    'notify_milestone_change',
  ),
  fromRow(
    'milestone_paid_out',
    'payments',
    'the professional of the contract',
    'View the payment',
    '/payments',
    'notify_milestone_change',
  ),
  fromRow(
    'milestone_disputed',
    'payments',
    'both parties of the contract, except the one who opened the dispute',
    'View the milestone',
    '/payments',
    'notify_milestone_change',
  ),
  fromRow(
    'milestone_refunded',
    'payments',
    'both parties of the contract',
    'View your payments',
    '/payments',
    'notify_milestone_refunded',
  ),
];

const BY_KIND = new Map(NOTIFICATION_EVENTS.map((event) => [event.kind, event]));

/** The definition of a kind; an unknown kind (e.g. an automation's) is described by its row. */
export function notificationEvent(kind: string, group: NotificationGroup): NotificationEvent {
  return (
    BY_KIND.get(kind) ??
    fromRow(kind, group, 'as the writer chose', 'Open ProMatch', '/dashboard', 'unknown')
  );
}
