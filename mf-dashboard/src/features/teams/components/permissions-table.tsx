/** What each role may do in a team, as the database functions and policies enforce it. */
export const PERMISSIONS: { action: string; owner: boolean; admin: boolean; member: boolean }[] = [
  {
    action: 'See members, shared favourites and shared projects',
    owner: true,
    admin: true,
    member: true,
  },
  {
    action: 'Share your favourites and your own projects; stop sharing them',
    owner: true,
    admin: true,
    member: true,
  },
  { action: 'Stop sharing what someone else shared', owner: true, admin: true, member: false },
  {
    action: 'Invite people as members; see and withdraw invitations',
    owner: true,
    admin: true,
    member: false,
  },
  {
    action: 'Invite people as admins; make a member an admin or back',
    owner: true,
    admin: false,
    member: false,
  },
  { action: 'Remove members', owner: true, admin: true, member: false },
  { action: 'Remove admins', owner: true, admin: false, member: false },
  {
    action: 'Transfer ownership, rename or delete the team',
    owner: true,
    admin: false,
    member: false,
  },
  {
    action: 'Leave the team (the owner transfers ownership first)',
    owner: false,
    admin: true,
    member: true,
  },
];

const mark = (allowed: boolean) => (allowed ? 'Yes' : 'No');

export function PermissionsTable() {
  return (
    <section aria-labelledby="team-permissions">
      <h2 id="team-permissions">Who can do what</h2>
      <div style={{ overflowX: 'auto' }}>
        <table style={{ borderCollapse: 'collapse', width: '100%' }}>
          <caption style={{ textAlign: 'left', marginBottom: '0.5rem' }}>
            Each team has one owner; everyone else is an admin or a member. When someone leaves or
            is removed, what they shared stops being shared. If an owner deletes their account, the
            team passes to its longest-standing admin (or member).
          </caption>
          <thead>
            <tr>
              <th scope="col" style={{ textAlign: 'left' }}>
                Action
              </th>
              <th scope="col">Owner</th>
              <th scope="col">Admin</th>
              <th scope="col">Member</th>
            </tr>
          </thead>
          <tbody>
            {PERMISSIONS.map((row) => (
              <tr key={row.action}>
                <th
                  scope="row"
                  style={{ textAlign: 'left', fontWeight: 400, padding: '0.25rem 0' }}
                >
                  {row.action}
                </th>
                <td style={{ textAlign: 'center' }}>{mark(row.owner)}</td>
                <td style={{ textAlign: 'center' }}>{mark(row.admin)}</td>
                <td style={{ textAlign: 'center' }}>{mark(row.member)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
