/**
 * Match notifications on a real database: publishing a project writes an in-app notification to
 * a professional with early access who strongly matches it (and not to an unrelated one, nor to
 * one who turned match notifications off); only the notified professional can read it, and
 * publishing again does not notify twice. A free professional who matches is told only when the
 * project becomes visible to them, after the early-access window (the release job's tick).
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(60_000);

type Actor = { id: string; client: SupabaseClient };
interface Notification {
  user_id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  project_id: string | null;
}

describeEachDb('match notifications for a newly published project', ({ server }) => {
  let service: SupabaseClient;
  let biz: Actor, match: Actor, unrelated: Actor, quiet: Actor, free: Actor, admin: Actor;
  const skill = `Quarkus-${randomUUID().slice(0, 6)}`;

  const make = async (label: string, meta: Record<string, unknown>) =>
    createSignedInUser(server(), service, `${label}-${randomUUID().slice(0, 8)}@example.com`, {
      name: label,
      ...meta,
    });
  const profile = async (who: Actor, fields: Record<string, unknown>) =>
    must(await service.from('profiles').update(fields).eq('id', who.id).select('id'), 'profile');
  const fitting = {
    title: 'Senior Java Developer',
    skills: [skill, 'Java', 'PostgreSQL'],
    categories: ['software-development'],
    location: 'Leeds',
    works_remotely: true,
    hourly_rate_min: 50,
    hourly_rate_max: 60,
    availability: 'available',
  };
  const mine = async (who: Actor) =>
    ((await who.client.from('notifications').select('*')).data ?? []) as Notification[];
  /** The notifications of `who` once `ready` holds (the job writes them just after publishing). */
  const eventually = async (who: Actor, ready: (notes: Notification[]) => boolean) => {
    const until = Date.now() + 10_000;
    for (;;) {
      const notes = await mine(who);
      if (ready(notes) || Date.now() > until) return notes;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    const s = server();
    service = newClient(s, s.serviceRoleKey);
    biz = await make('biz', { account_type: 'business' });
    match = await make('match', { account_type: 'professional', selected_plan: 'pro' });
    quiet = await make('quiet', { account_type: 'professional', selected_plan: 'pro' });
    unrelated = await make('unrelated', { account_type: 'professional' });
    free = await make('free', { account_type: 'professional' });
    admin = await make('admin', { account_type: 'business' });
    must(
      await service
        .from('admin_users')
        .insert({ user_id: admin.id, role: 'admin', permissions: { analytics: true } })
        .select('user_id'),
      'admin',
    );
    await profile(match, fitting);
    await profile(quiet, fitting);
    await profile(free, fitting);
    await profile(unrelated, {
      title: 'Brand Designer',
      skills: ['Figma', 'Illustrator'],
      categories: ['ux-ui-design'],
      location: 'Exeter',
      works_remotely: false,
    });
    must(
      await quiet.client
        .from('notification_preferences')
        .upsert({ user_id: quiet.id, kind: 'matches', in_app: false, email: true })
        .select('user_id'),
      'preference',
    );
  }, 120_000);

  test('publishing notifies the strong match with early access only, and only they can read it', async () => {
    const project = must(
      await biz.client
        .from('projects')
        .insert({
          owner_id: biz.id,
          title: 'Quarkus service for bookings',
          description: 'A Java service on PostgreSQL.',
          category: 'software-development',
          skills: [skill, 'Java', 'PostgreSQL'],
          location: 'Leeds',
          remote: true,
          budget_type: 'hour',
          budget_max: 70,
        })
        .select('id')
        .single(),
      'draft',
    ) as { id: string };
    expect(await mine(match)).toEqual([]);

    must(
      await biz.client
        .from('projects')
        .update({ status: 'open' })
        .eq('id', project.id)
        .select('id'),
      'publish',
    );
    const received = await eventually(match, (notes) => notes.length > 0);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      user_id: match.id,
      kind: 'project_match',
      title: 'A new project matches your profile',
      link: `/projects/${project.id}`,
      project_id: project.id,
    });
    expect(received[0]!.body).toContain('Quarkus service for bookings');

    // the unrelated professional and the one who turned match notifications off get nothing
    expect(await mine(unrelated)).toEqual([]);
    // the free professional cannot see the project yet, so is not told about it yet
    expect(await mine(free)).toEqual([]);
    expect(await mine(quiet)).toEqual([]);
    // nobody else reads the match's notification: not the business, not a visitor
    expect(await mine(biz)).toEqual([]);
    const visitor = newClient(server(), server().anonKey);
    const anon = await visitor.from('notifications').select('*');
    expect(anon.data ?? []).toEqual([]);
    // and nobody but the database writes them
    const forged = await biz.client.from('notifications').insert({
      user_id: match.id,
      kind: 'project_match',
      title: 'Fake',
      body: 'Fake',
    });
    expect(forged.error).not.toBeNull();

    // the professional marks it read; withdrawing and publishing again does not notify twice
    must(
      await match.client
        .from('notifications')
        .update({ read_at: new Date().toISOString() })
        .eq('id', (received[0] as unknown as { id: string }).id)
        .select('id'),
      'read',
    );
    for (const status of ['draft', 'open'])
      must(
        await biz.client.from('projects').update({ status }).eq('id', project.id).select('id'),
        status,
      );
    expect(await mine(match)).toHaveLength(1);
  });

  test('a free professional is told when the project becomes visible to them, once', async () => {
    const release = async () =>
      must(await service.rpc('release_project_match_notifications'), 'release') as number;
    const pending = async (projectId: string) =>
      (
        await service
          .from('pending_match_notifications')
          .select('user_id, release_at')
          .eq('project_id', projectId)
      ).data ?? [];
    const publish = async (title: string) => {
      const project = must(
        await biz.client
          .from('projects')
          .insert({
            owner_id: biz.id,
            title,
            description: 'A Java service on PostgreSQL.',
            category: 'software-development',
            skills: [skill, 'Java', 'PostgreSQL'],
            location: 'Leeds',
            remote: true,
            budget_type: 'hour',
            budget_max: 70,
            status: 'open',
          })
          .select('id, published_at')
          .single(),
        'publish',
      ) as { id: string; published_at: string };
      return project;
    };

    const project = await publish('Quarkus payments service');
    const hasIt = (notes: Notification[]) => notes.some((n) => n.project_id === project.id);
    expect(hasIt(await eventually(match, hasIt))).toBe(true);
    // the free match waits until published_at plus the early-access window (24 hours)
    const queued = await pending(project.id);
    expect(queued.map((row) => row.user_id)).toEqual([free.id]);
    const wait = Date.parse(queued[0]!.release_at) - Date.parse(project.published_at);
    expect(wait).toBe(24 * 3600_000);
    // nobody but an analytics admin sees the queue
    const visitor = newClient(server(), server().anonKey);
    for (const who of [visitor, free.client, biz.client]) {
      const seen = await who.from('pending_match_notifications').select('*');
      expect(seen.data ?? []).toEqual([]);
    }
    const asAdmin = await admin.client
      .from('pending_match_notifications')
      .select('user_id')
      .eq('project_id', project.id);
    expect(asAdmin.data).toEqual([{ user_id: free.id }]);

    // before the window is over the job's tick tells nobody
    await release();
    expect((await mine(free)).filter((n) => n.project_id === project.id)).toEqual([]);

    // the window passes (the queued moment is moved into the past): the tick tells them, once
    must(
      await service
        .from('pending_match_notifications')
        .update({ release_at: new Date(Date.now() - 1000).toISOString() })
        .eq('project_id', project.id)
        .select('user_id'),
      'time passes',
    );
    await release();
    await release();
    const told = (await mine(free)).filter((n) => n.project_id === project.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      kind: 'project_match',
      link: `/projects/${project.id}`,
      title: 'A new project matches your profile',
    });
    expect(told[0]!.body).toContain('"Quarkus payments service" is now open to you');
    expect(await pending(project.id)).toEqual([]);
    // and it is visible to them now that they are told
    // (the project's own published_at is still recent, so only its queue entry moved)

    // a project withdrawn inside the window drops its queue without telling anyone
    const withdrawn = await publish('Quarkus reporting service');
    await eventually(match, (notes) => notes.some((n) => n.project_id === withdrawn.id));
    expect((await pending(withdrawn.id)).map((row) => row.user_id)).toEqual([free.id]);
    must(
      await biz.client
        .from('projects')
        .update({ status: 'closed' })
        .eq('id', withdrawn.id)
        .select('id'),
      'close',
    );
    await release();
    expect(await pending(withdrawn.id)).toEqual([]);
    expect((await mine(free)).filter((n) => n.project_id === withdrawn.id)).toEqual([]);
  });
});
