import { Badge, Button, Card, Label, useSession } from '@promatch/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  useDeleteTeam,
  useInvitations,
  useInvite,
  useLeaveTeam,
  useRemoveMember,
  useRevokeInvitation,
  useSetRole,
  useShareable,
  useShareFavorite,
  useShareProject,
  useTransferOwnership,
  useUnshareFavorite,
  useUnshareProject,
  type Team,
  type TeamMember,
  type TeamRole,
} from '../api/teams';

const Section = styled.section`
  margin-top: 1rem;
  h3 {
    font-size: 1.05rem;
    margin: 0 0 0.5rem;
  }
  ul {
    list-style: none;
    padding: 0;
    margin: 0 0 0.5rem;
    display: grid;
    gap: 0.4rem;
  }
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: center;
  }
  select,
  input {
    padding: 0.4rem;
    font: inherit;
  }
`;

const Inline = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  align-items: end;
`;

const ROLE_LABEL: Record<TeamRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };
const YOUR_ROLE: Record<TeamRole, string> = {
  owner: 'You own this team.',
  admin: 'You are an admin of this team.',
  member: 'You are a member of this team.',
};
const manages = (role: TeamRole) => role === 'owner' || role === 'admin';

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

function SharedFavorites({ team, me, myId }: { team: Team; me: TeamRole; myId: string }) {
  const shareable = useShareable();
  const share = useShareFavorite();
  const unshare = useUnshareFavorite();
  const [choice, setChoice] = useState('');
  const id = useId();
  const shared = new Set(team.favorites.map((f) => f.professional.id));
  const offer = (shareable.data?.favorites ?? []).filter((p) => !shared.has(p.id));
  return (
    <Section aria-labelledby={`${id}-favs`}>
      <h3 id={`${id}-favs`}>Shared favourites</h3>
      {team.favorites.length === 0 ? <p>No professionals shared yet.</p> : null}
      <ul>
        {team.favorites.map((f) => (
          <li key={f.professional.id}>
            <Link to={`/professional/${f.professional.id}`}>{f.professional.name}</Link>
            {f.professional.title ? <span>{f.professional.title}</span> : null}
            {f.note ? <em>“{f.note}”</em> : null}
            {f.shared_by === myId || manages(me) ? (
              <Button
                type="button"
                $size="sm"
                $variant="ghost"
                onClick={() =>
                  unshare.mutate({
                    teamId: team.id,
                    professionalId: f.professional.id,
                    name: f.professional.name,
                  })
                }
              >
                Stop sharing {f.professional.name}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {offer.length > 0 ? (
        <Inline
          onSubmit={(event) => {
            event.preventDefault();
            const person = offer.find((p) => p.id === choice);
            if (person)
              share.mutate(
                { teamId: team.id, professionalId: person.id, name: person.name },
                { onSuccess: () => setChoice('') },
              );
          }}
        >
          <div>
            <Label htmlFor={`${id}-fav`}>Share one of your favourites</Label>
            <select id={`${id}-fav`} value={choice} onChange={(e) => setChoice(e.target.value)}>
              <option value="">Choose a professional</option>
              {offer.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={!choice || share.isPending}>
            Share professional
          </Button>
        </Inline>
      ) : null}
    </Section>
  );
}

function SharedProjects({ team, me, myId }: { team: Team; me: TeamRole; myId: string }) {
  const shareable = useShareable();
  const share = useShareProject();
  const unshare = useUnshareProject();
  const [choice, setChoice] = useState('');
  const id = useId();
  const shared = new Set(team.projects.map((p) => p.project.id));
  const offer = (shareable.data?.projects ?? []).filter((p) => !shared.has(p.id));
  return (
    <Section aria-labelledby={`${id}-projects`}>
      <h3 id={`${id}-projects`}>Shared projects</h3>
      {team.projects.length === 0 ? <p>No projects shared yet.</p> : null}
      <ul>
        {team.projects.map(({ project, shared_by }) => (
          <li key={project.id}>
            <Link to={`/projects/${project.id}`}>{project.title}</Link>
            <Badge>{project.status.replace('_', ' ')}</Badge>
            {shared_by === myId || manages(me) ? (
              <Button
                type="button"
                $size="sm"
                $variant="ghost"
                onClick={() =>
                  unshare.mutate({ teamId: team.id, projectId: project.id, title: project.title })
                }
              >
                Stop sharing {project.title}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {offer.length > 0 ? (
        <Inline
          onSubmit={(event) => {
            event.preventDefault();
            const project = offer.find((p) => p.id === choice);
            if (project)
              share.mutate(
                { teamId: team.id, projectId: project.id, title: project.title },
                { onSuccess: () => setChoice('') },
              );
          }}
        >
          <div>
            <Label htmlFor={`${id}-project`}>Share one of your projects</Label>
            <select id={`${id}-project`} value={choice} onChange={(e) => setChoice(e.target.value)}>
              <option value="">Choose a project</option>
              {offer.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={!choice || share.isPending}>
            Share project
          </Button>
        </Inline>
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
      <h2 id={`${id}-name`} style={{ marginTop: 0 }}>
        {team.name}
      </h2>
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
      <SharedFavorites team={team} me={me} myId={myId} />
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
