/**
 * Teams on a real database, through supabase-js as each role: an owner invites by e-mail (the
 * server's mail worker sends the single-use link to the outbox), the invitee accepts, and row
 * level security shows the team's members, invitations, shared favourites and shared projects to
 * the right people only: anon and non-members nothing, members what is shared, the owner and
 * admins the invitations. The permission table (docs/teams.md) is checked function by function,
 * as are expiry, single use, the hand-over when an owner deletes their account and the data
 * export.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(120_000);

type Actor = { id: string; email: string; client: SupabaseClient };
interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  links: { label: string; url: string }[];
}

describeEachDb('teams: invitations, roles and shared items', ({ server }) => {
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let owner: Actor, admin: Actor, member: Actor, outsider: Actor, pro: Actor;
  let teamId: string;
  let projectId: string;
  const run = randomUUID().slice(0, 8);

  const make = async (label: string, accountType: 'business' | 'professional') => {
    const email = `${label}-${run}@example.com`;
    const made = await createSignedInUser(server(), service, email, {
      name: `${label[0]!.toUpperCase()}${label.slice(1)} ${run}`,
      account_type: accountType,
    });
    return { ...made, email };
  };

  const seenTokens = new Set<string>();
  /** The newest invitation link e-mailed to `to` (polled: the mail worker runs every second). */
  const invitationToken = async (to: string, team: string): Promise<string> => {
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const response = await fetch(`${server().url}/outbox?format=json`);
      const body = (await response.json()) as OutboxMessage[] | { messages: OutboxMessage[] };
      const messages = Array.isArray(body) ? body : body.messages;
      const token = messages
        .filter((m) => m.to === to && m.subject === `Join ${team} on ProMatch`)
        .flatMap((m) => m.links.filter((l) => l.label === 'Accept the invitation'))
        .map((l) => new URL(l.url).searchParams.get('invitation')!)
        .find((t) => !seenTokens.has(t));
      if (token) {
        seenTokens.add(token);
        return token;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`no invitation e-mail to ${to}`);
  };

  const invite = async (by: Actor, who: Actor, role: 'admin' | 'member', team = teamId) =>
    by.client.rpc('invite_team_member', { p_team: team, p_email: who.email, p_role: role });

  const rows = async (client: SupabaseClient, table: string) =>
    ((await client.from(table).select('*')).data ?? []) as Record<string, unknown>[];

  beforeAll(async () => {
    const s = server();
    service = newClient(s, s.serviceRoleKey);
    anon = newClient(s, s.anonKey);
    owner = await make('owner', 'business');
    admin = await make('admin', 'professional');
    member = await make('member', 'business');
    outsider = await make('outsider', 'business');
    pro = await make('pro', 'professional');
    const team = must(
      await owner.client
        .from('teams')
        .insert({ name: `Hiring ${run}` })
        .select('id')
        .single(),
      'create team',
    ) as { id: string };
    teamId = team.id;
    must(await invite(owner, admin, 'admin'), 'invite admin');
    must(await invite(owner, member, 'member'), 'invite member');
    const adminToken = await invitationToken(admin.email, `Hiring ${run}`);
    const memberToken = await invitationToken(member.email, `Hiring ${run}`);
    expect(
      must(await admin.client.rpc('accept_team_invitation', { p_token: adminToken }), 'a'),
    ).toBe(teamId);
    must(await member.client.rpc('accept_team_invitation', { p_token: memberToken }), 'accept');
    const project = must(
      await owner.client
        .from('projects')
        .insert({ owner_id: owner.id, title: `Team project ${run}` })
        .select('id')
        .single(),
      'project',
    ) as { id: string };
    projectId = project.id;
    must(
      await owner.client.from('team_projects').insert({ team_id: teamId, project_id: projectId }),
      'share project',
    );
    must(
      await member.client
        .from('team_favorites')
        .insert({ team_id: teamId, professional_id: pro.id, note: 'Great on React' }),
      'share favourite',
    );
  }, 180_000);

  test('a used link cannot be used again, and the invitation says who and where', async () => {
    must(await invite(owner, outsider, 'member'), 'invite');
    const token = await invitationToken(outsider.email, `Hiring ${run}`);
    const preview = must(await anon.rpc('team_invitation_by_token', { p_token: token }), 'preview');
    expect(preview).toEqual([
      expect.objectContaining({
        team_name: `Hiring ${run}`,
        email: outsider.email,
        status: 'open',
      }),
    ]);
    // someone else signed in cannot take it
    const stolen = await pro.client.rpc('accept_team_invitation', { p_token: token });
    expect(stolen.error?.message).toMatch(/sent to .*sign in with that address/);
    must(await outsider.client.rpc('accept_team_invitation', { p_token: token }), 'accept');
    const again = await outsider.client.rpc('accept_team_invitation', { p_token: token });
    expect(again.error?.message).toMatch(/not valid or has already been used/);
    expect(must(await anon.rpc('team_invitation_by_token', { p_token: token }), 'gone')).toEqual(
      [],
    );
    must(await outsider.client.rpc('leave_team', { p_team: teamId }), 'leave');
  });

  test('an expired or revoked link is refused', async () => {
    must(await invite(owner, outsider, 'member'), 'invite');
    const token = await invitationToken(outsider.email, `Hiring ${run}`);
    must(
      await service
        .from('team_invitations')
        .update({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .eq('email', outsider.email)
        .is('accepted_at', null),
      'expire',
    );
    const expired = await outsider.client.rpc('accept_team_invitation', { p_token: token });
    expect(expired.error?.message).toMatch(/expired/);
    const pending = must(
      await owner.client.from('team_invitations').select('id').eq('email', outsider.email),
      'list',
    ) as { id: string }[];
    must(
      await admin.client.rpc('revoke_team_invitation', { p_invitation: pending.at(-1)!.id }),
      'revoke',
    );
    const revoked = await outsider.client.rpc('accept_team_invitation', { p_token: token });
    expect(revoked.error).not.toBeNull();
    expect(await rows(outsider.client, 'team_members')).toEqual([]);
  });

  test('RLS: anon and non-members see nothing; members see the team and what it shares', async () => {
    for (const table of ['teams', 'team_members', 'team_favorites', 'team_projects']) {
      expect(await rows(anon, table)).toEqual([]);
      expect(await rows(outsider.client, table)).toEqual([]);
      for (const who of [owner, admin, member]) {
        const seen = await rows(who.client, table);
        expect(seen.length).toBeGreaterThan(0);
        expect(seen.every((row) => (row.team_id ?? row.id) === teamId)).toBe(true);
      }
    }
    // the shared favourite and project, as the member and the admin see them
    for (const who of [admin, member]) {
      expect(await rows(who.client, 'team_favorites')).toEqual([
        expect.objectContaining({ professional_id: pro.id, shared_by: member.id }),
      ]);
      const project = await who.client.from('projects').select('id, title').eq('id', projectId);
      expect(project.data).toEqual([{ id: projectId, title: `Team project ${run}` }]);
    }
    // the shared project stays private to everyone else (it is a draft)
    expect((await outsider.client.from('projects').select('id').eq('id', projectId)).data).toEqual(
      [],
    );
    // invitations: owner and admin only
    expect((await rows(owner.client, 'team_invitations')).length).toBeGreaterThan(0);
    expect((await rows(admin.client, 'team_invitations')).length).toBeGreaterThan(0);
    expect(await rows(member.client, 'team_invitations')).toEqual([]);
    expect(await rows(outsider.client, 'team_invitations')).toEqual([]);
    expect(await rows(anon, 'team_invitations')).toEqual([]);
    // tokens: nobody through the api
    for (const client of [anon, owner.client, member.client]) {
      expect(await rows(client, 'team_invitation_tokens')).toEqual([]);
    }
  });

  test('RLS: who may share, unshare and write membership directly', async () => {
    // a non-member cannot share into the team, nor a member share someone else's project
    const intruder = await outsider.client
      .from('team_favorites')
      .insert({ team_id: teamId, professional_id: pro.id });
    expect(intruder.error).not.toBeNull();
    const outsiderProject = must(
      await outsider.client
        .from('projects')
        .insert({ owner_id: outsider.id, title: 'Not yours' })
        .select('id')
        .single(),
      'outsider project',
    ) as { id: string };
    const foreign = await member.client
      .from('team_projects')
      .insert({ team_id: teamId, project_id: outsiderProject.id });
    expect(foreign.error).not.toBeNull();
    // membership rows are never written directly, whoever asks
    for (const who of [owner, admin, member, outsider]) {
      const added = await who.client
        .from('team_members')
        .insert({ team_id: teamId, user_id: outsider.id });
      expect(added.error).not.toBeNull();
    }
    const promoted = await owner.client
      .from('team_members')
      .update({ role: 'admin' })
      .eq('user_id', member.id)
      .select('user_id');
    expect(promoted.data ?? []).toEqual([]);
    // a member cannot unshare what another member shared; an admin can (and the sharer re-shares)
    must(
      await owner.client
        .from('team_favorites')
        .insert({ team_id: teamId, professional_id: admin.id }),
      'owner shares',
    );
    const memberDelete = await member.client
      .from('team_favorites')
      .delete()
      .eq('professional_id', admin.id)
      .select('team_id');
    expect(memberDelete.data ?? []).toEqual([]);
    const adminDelete = await admin.client
      .from('team_favorites')
      .delete()
      .eq('professional_id', admin.id)
      .select('team_id');
    expect(adminDelete.data).toHaveLength(1);
  });

  test('the permission table: invite, remove, roles and ownership', async () => {
    // members do not invite; admins invite members but not admins
    expect((await invite(member, outsider, 'member')).error?.message).toMatch(
      /Only owner or admin/,
    );
    expect((await invite(admin, outsider, 'admin')).error?.message).toMatch(
      /Only the owner may invite admins/,
    );
    expect((await invite(outsider, pro, 'member')).error?.message).toMatch(/Team not found/);
    expect(
      (await owner.client.rpc('invite_team_member', { p_team: teamId, p_email: 'nope' })).error
        ?.message,
    ).toMatch(/valid e-mail/);
    expect((await invite(owner, member, 'member')).error?.message).toMatch(/already in this team/);
    // admins remove members, not admins; members remove nobody; only the owner changes roles
    expect(
      (await member.client.rpc('remove_team_member', { p_team: teamId, p_user: admin.id })).error,
    ).not.toBeNull();
    expect(
      (await admin.client.rpc('remove_team_member', { p_team: teamId, p_user: owner.id })).error
        ?.message,
    ).toMatch(/owner cannot be removed/);
    expect(
      (
        await admin.client.rpc('set_team_member_role', {
          p_team: teamId,
          p_user: member.id,
          p_role: 'admin',
        })
      ).error?.message,
    ).toMatch(/Only owner may change roles/);
    // the owner cannot leave before handing over
    expect((await owner.client.rpc('leave_team', { p_team: teamId })).error?.message).toMatch(
      /transfer ownership first/,
    );
    // transfer: the admin becomes owner, the former owner an admin
    must(
      await owner.client.rpc('transfer_team_ownership', { p_team: teamId, p_user: admin.id }),
      'transfer',
    );
    const team = must(await member.client.from('teams').select('owner_id').single(), 'team') as {
      owner_id: string;
    };
    expect(team.owner_id).toBe(admin.id);
    const members = (await rows(member.client, 'team_members')).map((r) => [r.user_id, r.role]);
    expect(members).toEqual(
      expect.arrayContaining([
        [owner.id, 'admin'],
        [member.id, 'member'],
      ]),
    );
    expect(members).toHaveLength(2);
    // the former owner, now an admin, removes the member: what they shared goes with them
    must(
      await owner.client.rpc('remove_team_member', { p_team: teamId, p_user: member.id }),
      'remove member',
    );
    expect(await rows(member.client, 'teams')).toEqual([]);
    expect(await rows(member.client, 'team_favorites')).toEqual([]);
    expect(
      (await rows(owner.client, 'team_favorites')).some((r) => r.professional_id === pro.id),
    ).toBe(false);
    // hand the team back for the next test
    must(
      await admin.client.rpc('transfer_team_ownership', { p_team: teamId, p_user: owner.id }),
      'transfer back',
    );
  });

  test('the owner joining members hear about it, and the export includes team rows', async () => {
    const joined = (await rows(owner.client, 'notifications')).filter(
      (n) => n.kind === 'team_member_joined',
    );
    expect(joined.length).toBeGreaterThanOrEqual(2);
    expect(joined[0]).toMatchObject({ link: '/teams' });
    const exported = must(await admin.client.rpc('export_my_rows'), 'export') as {
      tables: Record<string, Record<string, unknown>[]>;
    };
    expect(exported.tables.team_members).toEqual([
      expect.objectContaining({ team_id: teamId, user_id: admin.id }),
    ]);
    expect(JSON.stringify(exported)).not.toMatch(/token/);
  });

  test('an owner who deletes their account hands the team to its longest-standing admin', async () => {
    const leaving = await make('leaving', 'business');
    const heir = await make('heir', 'professional');
    const team = must(
      await leaving.client
        .from('teams')
        .insert({ name: `Heirs ${run}` })
        .select('id')
        .single(),
      'team',
    ) as { id: string };
    must(await invite(leaving, heir, 'member', team.id), 'invite heir');
    const token = await invitationToken(heir.email, `Heirs ${run}`);
    must(await heir.client.rpc('accept_team_invitation', { p_token: token }), 'accept');
    const lonely = must(
      await leaving.client
        .from('teams')
        .insert({ name: `Alone ${run}` })
        .select('id')
        .single(),
      'lonely',
    ) as { id: string };
    const deleted = await service.auth.admin.deleteUser(leaving.id);
    expect(deleted.error).toBeNull();
    const kept = must(
      await service.from('teams').select('owner_id').eq('id', team.id).single(),
      'kept',
    ) as { owner_id: string };
    expect(kept.owner_id).toBe(heir.id);
    expect(await rows(heir.client, 'team_members')).toEqual([]);
    expect((await service.from('teams').select('id').eq('id', lonely.id)).data).toEqual([]);
  });
});
