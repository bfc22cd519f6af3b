/**
 * Appointments on a real database: proposing one to three times, the other party accepting one,
 * declining or proposing others, cancelling with a reason, blocks, who can read and act (the two
 * parties only: not a third user, not anon, not an admin), and the backend's tick that completes
 * past calls and writes the 24-hour and 15-minute reminders once each.
 */
import { closeClient, makeUsers, type RtUser } from '../support/realtime-helpers.ts';
import { createSignedInUser, newClient } from '../support/fixtures-rls-world.ts';
import { describeEachDb } from '../support/test-server.ts';

jest.setTimeout(30_000);

interface Appointment {
  id: string;
  status: string;
  business_id: string;
  professional_id: string;
  proposed_by: string;
  proposed_times: string[];
  starts_at: string;
  ends_at: string;
  conversation_id: string;
  cancel_reason: string | null;
  description: string | null;
}

const MIN = 60_000;
const inMinutes = (m: number) =>
  new Date(Math.floor((Date.now() + m * MIN) / MIN) * MIN).toISOString();
const same = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();

describeEachDb('appointments: booking, answers, blocks and reminders', ({ server }) => {
  let business: RtUser, professional: RtUser, stranger: RtUser, otherPro: RtUser, admin: RtUser;

  const propose = (user: RtUser, args: Record<string, unknown>) =>
    user.client.rpc('propose_appointment', args).single<Appointment>();
  const book = async (
    times = [inMinutes(120), inMinutes(180)],
    by = business,
    to = professional,
  ) => {
    const { data, error } = await propose(by, {
      p_with: to.id,
      p_times: times,
      p_duration_minutes: 30,
      p_note: 'About the migration',
    });
    if (error) throw new Error(error.message);
    return data;
  };
  const service = () => newClient(server(), server().serviceRoleKey);

  beforeAll(async () => {
    [business, professional, stranger, otherPro] = (await makeUsers(server(), 4)) as RtUser[] as [
      RtUser,
      RtUser,
      RtUser,
      RtUser,
    ];
    admin = await createSignedInUser(server(), service(), `appt-admin-${Date.now()}@example.com`, {
      name: 'Admin',
      account_type: 'business',
    });
    const made = await service().from('admin_users').insert({
      user_id: admin.id,
      role: 'super_admin',
      permissions: {},
      is_active: true,
    });
    if (made.error) throw new Error(made.error.message);
  }, 60_000);
  afterAll(async () => {
    for (const user of [business, professional, stranger, otherPro, admin]) await closeClient(user);
  });

  test('a proposal is seen by both parties only, in their conversation', async () => {
    const appt = await book();
    expect(appt).toMatchObject({
      status: 'proposed',
      business_id: business.id,
      professional_id: professional.id,
      proposed_by: business.id,
      description: 'About the migration',
    });
    expect(appt.proposed_times).toHaveLength(2);
    expect(same(appt.starts_at, appt.proposed_times[0]!)).toBe(true);
    const conv = await professional.client
      .from('conversations')
      .select('id')
      .eq('id', appt.conversation_id);
    expect(conv.data).toHaveLength(1);
    for (const party of [business, professional]) {
      const seen = await party.client.from('appointments').select('id').eq('id', appt.id);
      expect(seen.data).toEqual([{ id: appt.id }]);
    }
    for (const outsider of [stranger, admin]) {
      const seen = await outsider.client.from('appointments').select('id').eq('id', appt.id);
      expect(seen.data).toEqual([]);
    }
    const anon = newClient(server(), server().anonKey);
    expect((await anon.from('appointments').select('id').eq('id', appt.id)).data ?? []).toEqual([]);
    const anonPropose = await anon.rpc('propose_appointment', {
      p_with: professional.id,
      p_times: [inMinutes(60)],
      p_duration_minutes: 30,
    });
    expect(anonPropose.status).toBe(401);
  });

  test('bad proposals answer 4xx with a clear message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ p_times: [], p_duration_minutes: 30 }, 'Propose one to three times.'],
      [
        {
          p_times: [inMinutes(60), inMinutes(90), inMinutes(120), inMinutes(150)],
          p_duration_minutes: 30,
        },
        'Propose one to three times.',
      ],
      [
        { p_times: [inMinutes(-60)], p_duration_minutes: 30 },
        'Each proposed time must be in the future.',
      ],
      [
        { p_times: [inMinutes(60), inMinutes(60)], p_duration_minutes: 30 },
        'The same time is proposed twice.',
      ],
      [
        { p_times: [inMinutes(60)], p_duration_minutes: 20 },
        'A call lasts between 15 minutes and 4 hours, in steps of 15 minutes.',
      ],
      [
        { p_times: [inMinutes(60)], p_duration_minutes: 30, p_note: 'x'.repeat(1001) },
        'A note can be at most 1,000 characters.',
      ],
    ];
    for (const [args, message] of cases) {
      const result = await propose(business, { p_with: professional.id, ...args });
      expect([message, result.status, result.error?.message]).toEqual([message, 400, message]);
    }
    const self = await propose(business, {
      p_with: business.id,
      p_times: [inMinutes(60)],
      p_duration_minutes: 30,
    });
    expect(self.error?.message).toBe('You cannot book a call with yourself.');
    const twoPros = await propose(professional, {
      p_with: otherPro.id,
      p_times: [inMinutes(60)],
      p_duration_minutes: 30,
    });
    expect(twoPros.error?.message).toBe('Calls are booked between a business and a professional.');
    const nobody = await propose(business, {
      p_with: '00000000-0000-4000-8000-000000000000',
      p_times: [inMinutes(60)],
      p_duration_minutes: 30,
    });
    expect(nobody.status).toBe(404);
  });

  test('only the other party accepts, and only a proposed time', async () => {
    const appt = await book();
    const own = await business.client.rpc('accept_appointment', {
      p_appointment_id: appt.id,
      p_starts_at: appt.proposed_times[0],
    });
    expect([own.status, own.error?.message]).toEqual([
      403,
      'Wait for the other party to answer your proposal.',
    ]);
    const outsider = await stranger.client.rpc('accept_appointment', {
      p_appointment_id: appt.id,
      p_starts_at: appt.proposed_times[0],
    });
    expect([outsider.status, outsider.error?.message]).toEqual([404, 'Appointment not found.']);
    const wrong = await professional.client.rpc('accept_appointment', {
      p_appointment_id: appt.id,
      p_starts_at: inMinutes(400),
    });
    expect(wrong.error?.message).toBe('Choose one of the proposed times.');
    const ok = await professional.client
      .rpc('accept_appointment', { p_appointment_id: appt.id, p_starts_at: appt.proposed_times[1] })
      .single<Appointment>();
    expect(ok.error).toBeNull();
    expect(ok.data?.status).toBe('confirmed');
    expect(same(ok.data!.starts_at, appt.proposed_times[1]!)).toBe(true);
    expect(new Date(ok.data!.ends_at).getTime() - new Date(ok.data!.starts_at).getTime()).toBe(
      30 * MIN,
    );
    const again = await professional.client.rpc('decline_appointment', {
      p_appointment_id: appt.id,
    });
    expect([again.status, again.error?.message]).toEqual([
      409,
      'This appointment is no longer waiting for an answer.',
    ]);
  });

  test('the other party proposes other times, then the first accepts one; or declines', async () => {
    const appt = await book([inMinutes(300)]);
    const counter = await professional.client
      .rpc('propose_other_times', {
        p_appointment_id: appt.id,
        p_times: [inMinutes(500), inMinutes(600)],
      })
      .single<Appointment>();
    expect(counter.error).toBeNull();
    expect(counter.data).toMatchObject({ status: 'proposed', proposed_by: professional.id });
    const stale = await professional.client.rpc('accept_appointment', {
      p_appointment_id: appt.id,
      p_starts_at: counter.data!.proposed_times[0],
    });
    expect(stale.status).toBe(403);
    const accepted = await business.client
      .rpc('accept_appointment', {
        p_appointment_id: appt.id,
        p_starts_at: counter.data!.proposed_times[0],
      })
      .single<Appointment>();
    expect(accepted.data?.status).toBe('confirmed');

    const second = await book([inMinutes(700)]);
    const declined = await professional.client
      .rpc('decline_appointment', { p_appointment_id: second.id })
      .single<Appointment>();
    expect(declined.data?.status).toBe('declined');
  });

  test('either side cancels with a reason both see', async () => {
    const appt = await book();
    const noReason = await professional.client.rpc('cancel_appointment', {
      p_appointment_id: appt.id,
      p_reason: '  ',
    });
    expect([noReason.status, noReason.error?.message]).toEqual([
      400,
      'Give a reason for cancelling.',
    ]);
    const outsider = await stranger.client.rpc('cancel_appointment', {
      p_appointment_id: appt.id,
      p_reason: 'No',
    });
    expect(outsider.status).toBe(404);
    const done = await professional.client
      .rpc('cancel_appointment', { p_appointment_id: appt.id, p_reason: 'Travelling that week' })
      .single<Appointment>();
    expect(done.data).toMatchObject({ status: 'cancelled', cancel_reason: 'Travelling that week' });
    const seen = await business.client
      .from('appointments')
      .select('status,cancel_reason')
      .eq('id', appt.id)
      .single();
    expect(seen.data).toEqual({ status: 'cancelled', cancel_reason: 'Travelling that week' });
  });

  test('each change notifies the other party: requested, accepted, cancelled', async () => {
    const kindsOf = async (who: RtUser, id: string) =>
      (
        (
          await who.client
            .from('notifications')
            .select('kind,title,link')
            .eq('appointment_id', id)
            .order('created_at')
        ).data ?? []
      ).map((n: { kind: string; title: string }) => [n.kind, n.title]);
    const appt = await book();
    expect(await kindsOf(professional, appt.id)).toEqual([
      ['appointment_requested', 'Realtime User 0 asked for a call'],
    ]);
    expect(await kindsOf(business, appt.id)).toEqual([]);
    await professional.client.rpc('accept_appointment', {
      p_appointment_id: appt.id,
      p_starts_at: appt.proposed_times[0],
    });
    expect(await kindsOf(business, appt.id)).toEqual([
      ['appointment_accepted', 'Realtime User 1 accepted the call'],
    ]);
    await business.client.rpc('cancel_appointment', {
      p_appointment_id: appt.id,
      p_reason: 'Budget moved',
    });
    expect((await kindsOf(professional, appt.id)).map(([kind]) => kind)).toEqual([
      'appointment_requested',
      'appointment_cancelled',
    ]);
    expect((await kindsOf(stranger, appt.id)).length).toBe(0);
  });

  test('parties cannot write the table directly', async () => {
    const appt = await book();
    const update = await business.client
      .from('appointments')
      .update({ status: 'confirmed' })
      .eq('id', appt.id)
      .select();
    expect(update.error?.code).toBe('42501');
    const insert = await business.client.from('appointments').insert({
      business_id: business.id,
      professional_id: professional.id,
      title: 'Sneaky',
      starts_at: inMinutes(60),
      ends_at: inMinutes(90),
    });
    expect(insert.error?.code).toBe('42501');
  });

  test('a blocked user can neither propose nor accept', async () => {
    const appt = await book([inMinutes(800)], business, otherPro);
    const blocked = await otherPro.client.from('user_blocks').insert({ blocked_id: business.id });
    expect(blocked.error).toBeNull();
    const proposeBlocked = await propose(business, {
      p_with: otherPro.id,
      p_times: [inMinutes(60)],
      p_duration_minutes: 30,
    });
    expect([proposeBlocked.status, proposeBlocked.error?.message]).toEqual([
      403,
      'You cannot book a call with this user.',
    ]);
    const acceptBlocked = await otherPro.client.rpc('accept_appointment', {
      p_appointment_id: appt.id,
      p_starts_at: appt.proposed_times[0],
    });
    expect(acceptBlocked.error?.message).toBe('You cannot book a call with this user.');
    await otherPro.client.from('user_blocks').delete().eq('blocked_id', business.id);
  });

  test('the tick writes each reminder once, to the two parties only, and completes past calls', async () => {
    const soon = await book([inMinutes(10)]);
    await professional.client.rpc('accept_appointment', {
      p_appointment_id: soon.id,
      p_starts_at: soon.proposed_times[0],
    });
    const tomorrow = await book([inMinutes(23 * 60)]);
    await professional.client.rpc('accept_appointment', {
      p_appointment_id: tomorrow.id,
      p_starts_at: tomorrow.proposed_times[0],
    });
    // The 24-hour reminder is due only for calls confirmed more than a day ahead.
    await service()
      .from('appointments')
      .update({ confirmed_at: inMinutes(-2 * 24 * 60) })
      .eq('id', tomorrow.id);
    const anon = newClient(server(), server().anonKey);
    expect((await business.client.rpc('appointments_tick')).status).toBe(403);
    expect([401, 403]).toContain((await anon.rpc('appointments_tick')).status);

    expect((await service().rpc('appointments_tick')).error).toBeNull();
    expect((await service().rpc('appointments_tick')).error).toBeNull();
    for (const party of [business, professional]) {
      const mine = await party.client
        .from('notifications')
        .select('kind,title,body,link,appointment_id')
        .in('appointment_id', [soon.id, tomorrow.id])
        .like('kind', 'appointment_reminder_%')
        .order('kind');
      expect(mine.data?.map((n) => [n.appointment_id, n.kind])).toEqual([
        [soon.id, 'appointment_reminder_15m'],
        [tomorrow.id, 'appointment_reminder_24h'],
      ]);
      expect(mine.data?.[0]?.title).toBe('Your call starts in 15 minutes');
      expect(mine.data?.[0]?.body).toMatch(
        /^Your call with .+ starts at \d\d:\d\d on \w+ \d+ \w+ \d{4} \(UK time\)\.$/,
      );
      expect(mine.data?.[0]?.link).toBe(`/messages/${soon.conversation_id}`);
    }
    const others = await stranger.client
      .from('notifications')
      .select('id')
      .in('appointment_id', [soon.id, tomorrow.id]);
    expect(others.data).toEqual([]);

    await service()
      .from('appointments')
      .update({ starts_at: inMinutes(-60), ends_at: inMinutes(-30) })
      .eq('id', soon.id);
    const tick = await service().rpc('appointments_tick');
    expect((tick.data as { completed: number }).completed).toBeGreaterThanOrEqual(1);
    const after = await business.client
      .from('appointments')
      .select('status')
      .eq('id', soon.id)
      .single();
    expect(after.data?.status).toBe('completed');
    const late = await business.client.rpc('cancel_appointment', {
      p_appointment_id: soon.id,
      p_reason: 'x',
    });
    expect(late.status).toBe(409);
  });
});
