import { Badge, Button, Card, Label, useSession } from '@promatch/shared';
import { useId, useState } from 'react';
import {
  useDeleteTeam,
  useInvitations,
  useInvite,
  useLeaveTeam,
  useRemoveMember,
  useRevokeInvitation,
  useSetRole,
  useTransferOwnership,
  type Team,
  type TeamMember,
  type TeamRole,
} from '../api/teams';
import { manages, SharedFavourites, SharedProjects } from './shared-items';
import { Inline, Section } from './team-layout';

const ROLE_LABEL: Record<TeamRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };
const YOUR_ROLE: Record<TeamRole, string> = {
  owner: 'You own this team.',
  admin: 'You are an admin of this team.',
  member: 'You are a member of this team.',
};

function MemberActions({ team, me, member }: { team: Team; me: TeamRole; member: TeamMember }) {
  const remove = useRemoveMember();
  const setRole = useSetRole();
  const transfer = useTransferOwnership();
  if (member.role === 'owner') return null;
  const canRemove = me === 'owner' || (me === 'admin' && member.role === 'member');
  const args = { teamId: team.id, userId: member.id, name: member.name };
  return (
    <>
      {me === 'owner' ? (
        <Button
          type="button"
          $size="sm"
          $variant="ghost"
          onClick={() =>
            setRole.mutate({ ...args, role: member.role === 'admin' ? 'member' : 'admin' })
          }
        >
          {member.role === 'admin'
            ? `Make ${member.name} a member`
            : `Make ${member.name} an admin`}
        </Button>
      ) : null}
      {me === 'owner' ? (
        <Button
          type="button"
          $size="sm"
          $variant="ghost"
          onClick={() => {
            if (
              window.confirm(`Make ${member.name} the owner of ${team.name}? You become an admin.`)
            )
              transfer.mutate(args);
          }}
        >
          Transfer ownership to {member.name}
        </Button>
      ) : null}
      {canRemove ? (
        <Button
          type="button"
          $size="sm"
          $variant="destructive"
          onClick={() => {
            if (window.confirm(`Remove ${member.name} from ${team.name}?`)) remove.mutate(args);
          }}
        >
          Remove {member.name}
        </Button>
      ) : null}
    </>
  );
}

function InviteForm({ team, me }: { team: Team; me: TeamRole }) {
  const invite = useInvite();
  const invitations = useInvitations(team.id, true);
  const revoke = useRevokeInvitation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'member' | 'admin'>('member');
  const id = useId();
  return (
    <Section aria-labelledby={`${id}-invite`}>
      <h3 id={`${id}-invite`}>Invite someone</h3>
      <Inline
        onSubmit={(event) => {
          event.preventDefault();
          invite.mutate(
            { teamId: team.id, email: email.trim(), role },
            { onSuccess: () => setEmail('') },
          );
        }}
      >
        <div>
          <Label htmlFor={`${id}-email`}>E-mail address</Label>
          <input
            id={`${id}-email`}
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-role`}>Role</Label>
          <select
            id={`${id}-role`}
            value={role}
            onChange={(event) => setRole(event.target.value as 'member' | 'admin')}
          >
            <option value="member">Member</option>
            {me === 'owner' ? <option value="admin">Admin</option> : null}
          </select>
        </div>
        <Button type="submit" disabled={invite.isPending}>
          Send invitation
        </Button>
      </Inline>
      {invite.isError ? <p role="alert">{invite.error.message}</p> : null}
      <p>The link is e-mailed, works once and expires after 7 days.</p>
      {invitations.data && invitations.data.length > 0 ? (
        <>
          <h3>Waiting for an answer</h3>
          <ul>
            {invitations.data.map((invitation) => (
              <li key={invitation.id}>
                <span>
                  {invitation.email} ({ROLE_LABEL[invitation.role]})
                </span>
                <Button
                  type="button"
                  $size="sm"
                  $variant="ghost"
                  onClick={() => revoke.mutate({ id: invitation.id, email: invitation.email })}
                >
                  Withdraw invitation to {invitation.email}
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Section>
  );
}

/** One team: members and their roles, invitations, what it shares, and the way out. */
export function TeamCard({ team }: { team: Team }) {
  const myId = useSession((state) => state.user?.id) ?? '';
  const me = team.members.find((m) => m.id === myId)?.role ?? 'member';
  const leave = useLeaveTeam();
  const remove = useDeleteTeam();
  const id = useId();
  return (
    <Card as="article" aria-labelledby={`${id}-name`}>
      <h2 id={`${id}-name`}>{team.name}</h2>
      <p>{YOUR_ROLE[me]}</p>
      <Section aria-labelledby={`${id}-members`}>
        <h3 id={`${id}-members`}>Members ({team.members.length})</h3>
        <ul>
          {team.members.map((member) => (
            <li key={member.id}>
              <span>{member.id === myId ? `${member.name} (you)` : member.name}</span>
              <Badge>{ROLE_LABEL[member.role]}</Badge>
              {member.id !== myId ? <MemberActions team={team} me={me} member={member} /> : null}
            </li>
          ))}
        </ul>
      </Section>
      {manages(me) ? <InviteForm team={team} me={me} /> : null}
      <SharedFavourites team={team} me={me} myId={myId} />
      <SharedProjects team={team} me={me} myId={myId} />
      <Section>
        {me === 'owner' ? (
          <Button
            type="button"
            $variant="destructive"
            onClick={() => {
              if (window.confirm(`Delete ${team.name} for everyone? This cannot be undone.`))
                remove.mutate({ teamId: team.id, name: team.name });
            }}
          >
            Delete {team.name}
          </Button>
        ) : (
          <Button
            type="button"
            $variant="outline"
            onClick={() => {
              if (window.confirm(`Leave ${team.name}? What you shared stops being shared.`))
                leave.mutate({ teamId: team.id, name: team.name });
            }}
          >
            Leave {team.name}
          </Button>
        )}
      </Section>
    </Card>
  );
}
