import { DataTable, Text } from '@promatch/shared';

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

const COLUMNS = [
  'Action',
  { label: 'Owner', align: 'center' as const },
  { label: 'Admin', align: 'center' as const },
  { label: 'Member', align: 'center' as const },
];

export function PermissionsTable() {
  return (
    <section aria-labelledby="team-permissions">
      <h2 id="team-permissions">Who can do what</h2>
      <DataTable
        caption={
          <Text as="span" $weight={400}>
            Each team has one owner; everyone else is an admin or a member. When someone leaves or
            is removed, what they shared stops being shared. If an owner deletes their account, the
            team passes to its longest-standing admin (or member).
          </Text>
        }
        columns={COLUMNS}
      >
        {PERMISSIONS.map((row) => (
          <tr key={row.action}>
            <th scope="row">{row.action}</th>
            <td data-align="center">{mark(row.owner)}</td>
            <td data-align="center">{mark(row.admin)}</td>
            <td data-align="center">{mark(row.member)}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
