/**
 * RLS matrix, people-to-people tables: presence, conversations, messages, appointments.
 * World: p1 and b share a conversation (b wrote to p1) and a completed appointment, so they are
 * contacts; p2 is nobody's contact.
 */
import { SIGNED_IN, type Actor, type TableSpec, type World } from './fixtures-rls-types.ts';

const none = [] as const;
/** Someone other than the actor to talk to: p2, or p1 when the actor is p2. */
const partner = (w: World, a: Actor) => (a === 'p2' ? w.user.p1 : w.user.p2);

export const socialSpecs: TableSpec[] = [
  {
    table: 'conversations',
    key: ['id'],
    seed: (w) => [{ id: w.id('conv'), participant_1: w.user.p1, participant_2: w.user.b }],
    select: [
      { label: 'the p1-b conversation', key: (w) => ({ id: w.id('conv') }), actors: ['p1', 'b'] },
    ],
    insert: [
      {
        label: 'a conversation including oneself',
        row: (w, a) => ({
          id: w.id(`conv-${a}`),
          participant_1: w.me(a),
          participant_2: partner(w, a),
        }),
        allowed: SIGNED_IN,
      },
      {
        label: 'a conversation between p2 and b',
        row: (w, a) => ({
          id: w.id(`conv-x-${a}`),
          participant_1: w.user.p2,
          participant_2: w.user.b,
        }),
        allowed: ['p2', 'b'],
      },
    ],
    update: [
      {
        label: 'last_message_at of the p1-b conversation',
        row: (w) => ({ id: w.id('conv') }),
        patch: () => ({ last_message_at: '2030-01-01T00:00:00.000Z' }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: 'a p2-b conversation',
        row: (w) => ({ id: w.id('conv-tmp'), participant_1: w.user.p2, participant_2: w.user.b }),
        allowed: none,
      },
    ],
  },
  {
    table: 'messages',
    key: ['id'],
    seed: (w) => [
      { id: w.id('msg'), conversation_id: w.id('conv'), sender_id: w.user.b, content: 'Hello p1' },
    ],
    select: [
      { label: "b's message to p1", key: (w) => ({ id: w.id('msg') }), actors: ['p1', 'b'] },
    ],
    insert: [
      {
        label: 'a message as oneself in the p1-b conversation',
        row: (w, a) => ({
          id: w.id(`msg-${a}`),
          conversation_id: w.id('conv'),
          sender_id: w.me(a),
          content: 'Hi',
        }),
        allowed: ['p1', 'b'],
      },
      {
        label: 'a message posing as b',
        row: (w, a) => ({
          id: w.id(`msg-forged-${a}`),
          conversation_id: w.id('conv'),
          sender_id: w.user.b,
          content: 'Hi',
        }),
        allowed: ['b'],
      },
    ],
    update: [
      {
        label: "mark b's message read",
        row: (w) => ({ id: w.id('msg') }),
        patch: () => ({ read_at: '2030-01-01T00:00:00.000Z' }),
        allowed: ['p1'],
      },
      {
        label: "rewrite b's message",
        row: (w) => ({ id: w.id('msg') }),
        patch: () => ({ content: 'Edited' }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: 'a message b sent',
        row: (w) => ({
          id: w.id('msg-tmp'),
          conversation_id: w.id('conv'),
          sender_id: w.user.b,
          content: 'Oops',
        }),
        allowed: ['b'],
      },
    ],
  },
  {
    table: 'appointments',
    key: ['id'],
    seed: (w) => [
      {
        id: w.id('appt'),
        business_id: w.user.b,
        professional_id: w.user.p1,
        created_by: w.user.b,
        title: 'Kick-off call',
        starts_at: '2026-01-05T10:00:00Z',
        ends_at: '2026-01-05T10:30:00Z',
        status: 'completed',
      },
    ],
    select: [
      { label: 'the b-p1 appointment', key: (w) => ({ id: w.id('appt') }), actors: ['p1', 'b'] },
    ],
    insert: [
      {
        label: 'book b with p2, as oneself',
        row: (w, a) => ({
          id: w.id(`appt-${a}`),
          business_id: w.user.b,
          professional_id: w.user.p2,
          created_by: w.me(a),
          title: 'Intro',
          starts_at: '2030-01-01T10:00:00Z',
          ends_at: '2030-01-01T11:00:00Z',
        }),
        // Bookings go through propose_appointment (backend/test/messaging/appointments.test.ts).
        allowed: none,
      },
      {
        label: 'book two professionals together',
        row: (w, a) => ({
          id: w.id(`appt-pp-${a}`),
          business_id: w.user.p1,
          professional_id: w.user.p2,
          created_by: w.me(a),
          title: 'Not a business',
          starts_at: '2030-01-01T10:00:00Z',
          ends_at: '2030-01-01T11:00:00Z',
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: 'reschedule the b-p1 appointment',
        row: (w) => ({ id: w.id('appt') }),
        patch: () => ({ title: 'Kick-off call (moved)' }),
        // Parties answer, reschedule and cancel through the appointment functions only.
        allowed: none,
      },
      {
        label: 'swap the professional of the b-p1 appointment',
        row: (w) => ({ id: w.id('appt') }),
        patch: (w) => ({ professional_id: w.user.p2 }),
        allowed: none,
      },
    ],
    delete: [{ label: 'the b-p1 appointment', row: (w) => ({ id: w.id('appt') }), allowed: none }],
  },
  {
    table: 'notifications',
    key: ['id'],
    seed: (w) => [
      {
        id: w.id('note-p1'),
        user_id: w.user.p1,
        kind: 'appointment_reminder_15m',
        title: 'Your call starts in 15 minutes',
        body: 'Your call with B starts at 10:00 (UK time).',
        appointment_id: w.id('appt'),
      },
    ],
    select: [{ label: "p1's reminder", key: (w) => ({ id: w.id('note-p1') }), actors: ['p1'] }],
    insert: [
      {
        label: 'a notification for oneself',
        row: (w, a) => ({
          id: w.id(`note-${a}`),
          user_id: w.me(a),
          kind: 'appointment_reminder_24h',
          title: 'Fake',
          body: 'Written by a user',
        }),
        // Only appointments_tick (the backend, as the service role) writes notifications.
        allowed: none,
      },
    ],
    update: [
      {
        label: "mark p1's reminder read",
        row: (w) => ({ id: w.id('note-p1') }),
        patch: () => ({ read_at: '2026-01-05T09:50:00Z' }),
        allowed: ['p1'],
      },
      {
        label: "rewrite p1's reminder",
        row: (w) => ({ id: w.id('note-p1') }),
        patch: () => ({ title: 'Changed' }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: 'a reminder of p1',
        row: (w) => ({
          id: w.id('note-p1-spare'),
          user_id: w.user.p1,
          kind: 'appointment_reminder_24h',
          title: 'Your call is in 24 hours',
          body: 'Spare',
        }),
        allowed: ['p1'],
      },
    ],
  },
  {
    table: 'user_presence',
    key: ['user_id'],
    seed: (w) => [
      { user_id: w.user.p1, status: 'online' },
      { user_id: w.user.p2, status: 'away' },
      { user_id: w.user.b, status: 'online' },
    ],
    select: [
      { label: "p1's presence", key: (w) => ({ user_id: w.user.p1 }), actors: ['p1', 'b'] },
      { label: "p2's presence", key: (w) => ({ user_id: w.user.p2 }), actors: ['p2'] },
      { label: "b's presence", key: (w) => ({ user_id: w.user.b }), actors: ['b', 'p1'] },
    ],
    insert: [
      {
        label: 'own presence',
        row: (w, a) => ({ user_id: w.me(a), status: 'online' }),
        allowed: SIGNED_IN,
      },
      {
        label: "p2's presence",
        row: (w) => ({ user_id: w.user.p2, status: 'busy' }),
        allowed: ['p2'],
      },
    ],
    update: [
      {
        label: "p1's status",
        row: (w) => ({ user_id: w.user.p1 }),
        patch: () => ({ status: 'busy' }),
        allowed: ['p1'],
      },
    ],
    delete: [{ label: "p1's presence", row: (w) => ({ user_id: w.user.p1 }), allowed: ['p1'] }],
  },
];
