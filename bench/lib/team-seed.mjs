/**
 * A hiring team on top of the demo seed, for the benches of /teams and /smart-notifications: the
 * first demo business owns a team of 8 (2 admins, 5 members) with 25 shared favourites and 10
 * shared projects, and has 60 notifications (40 unread) and a daily digest. Written with the
 * service role over REST; returns the owner's email.
 */
const must = ({ data, error }, what) => {
  if (error) throw new Error(`${what}: ${error.message}`);
  return data;
};

export async function seedTeam(db) {
  const ids = async (accountType, limit) =>
    must(
      await db
        .from('profiles')
        .select('id')
        .eq('account_type', accountType)
        .order('id')
        .limit(limit),
      accountType,
    ).map((row) => row.id);
  const businesses = await ids('business', 8);
  const professionals = await ids('professional', 40);
  const [owner] = businesses;
  const team = must(
    await db
      .from('teams')
      .insert({ owner_id: owner, name: 'Bench hiring team' })
      .select('id')
      .single(),
    'team',
  );
  must(
    await db.from('team_members').insert(
      businesses.slice(1, 8).map((user_id, i) => ({
        team_id: team.id,
        user_id,
        role: i < 2 ? 'admin' : 'member',
      })),
    ),
    'members',
  );
  must(
    await db.from('team_favorites').insert(
      professionals.slice(0, 25).map((professional_id, i) => ({
        team_id: team.id,
        professional_id,
        shared_by: businesses[i % 8],
        note: `Shortlisted for the bench, ${i}`,
      })),
    ),
    'favourites',
  );
  const projects = must(
    await db
      .from('projects')
      .insert(
        Array.from({ length: 10 }, (_, i) => ({
          owner_id: owner,
          title: `Bench team project ${i}`,
          status: i % 2 ? 'open' : 'draft',
        })),
      )
      .select('id'),
    'projects',
  );
  must(
    await db
      .from('team_projects')
      .insert(projects.map((p) => ({ team_id: team.id, project_id: p.id, shared_by: owner }))),
    'shared projects',
  );
  must(
    await db.from('notifications').insert(
      Array.from({ length: 60 }, (_, i) => ({
        user_id: owner,
        kind: i % 2 ? 'team_member_joined' : 'appointment_reminder_24h',
        title: `Bench notification ${i}`,
        body: 'A notification for the benchmark.',
        link: '/teams',
        read_at: i < 20 ? new Date().toISOString() : null,
        created_at: new Date(Date.now() - i * 60_000).toISOString(),
      })),
    ),
    'notifications',
  );
  must(
    await db.from('notification_settings').insert({ user_id: owner, digest: 'daily' }),
    'settings',
  );
  const { data, error } = await db.auth.admin.getUserById(owner);
  if (error) throw error;
  return data.user.email;
}
