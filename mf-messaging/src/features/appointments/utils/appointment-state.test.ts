import { awaitsAnswerFrom, canJoin, shownStatus, type AppointmentRow } from './appointment-state';

const MIN = 60_000;
const at = Date.parse('2026-11-26T14:00:00Z');
const row = (overrides: Partial<AppointmentRow> = {}): AppointmentRow =>
  ({
    id: 'a1',
    status: 'confirmed',
    starts_at: new Date(at).toISOString(),
    ends_at: new Date(at + 30 * MIN).toISOString(),
    proposed_by: 'u1',
    conversation_id: 'c1',
    ...overrides,
  }) as AppointmentRow;

describe('appointment state as the user sees it', () => {
  test('Join call opens ten minutes before the start and closes at the end', () => {
    expect(canJoin(row(), at - 11 * MIN)).toBe(false);
    expect(canJoin(row(), at - 10 * MIN)).toBe(true);
    expect(canJoin(row(), at + 29 * MIN)).toBe(true);
    expect(canJoin(row(), at + 30 * MIN)).toBe(false);
    expect(canJoin(row({ status: 'proposed' }), at)).toBe(false);
    expect(canJoin(row({ status: 'cancelled' }), at)).toBe(false);
  });

  test('a confirmed call past its end shows as completed', () => {
    expect(shownStatus(row(), at + 31 * MIN)).toBe('completed');
    expect(shownStatus(row(), at)).toBe('confirmed');
    expect(shownStatus(row({ status: 'declined' }), at + 60 * MIN)).toBe('declined');
  });

  test('only the party who did not propose answers', () => {
    expect(awaitsAnswerFrom(row({ status: 'proposed' }), 'u2')).toBe(true);
    expect(awaitsAnswerFrom(row({ status: 'proposed' }), 'u1')).toBe(false);
    expect(awaitsAnswerFrom(row(), 'u2')).toBe(false);
  });
});
