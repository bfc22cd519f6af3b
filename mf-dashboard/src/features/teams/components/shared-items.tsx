import { Badge, Button, Label } from '@promatch/shared';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  useShareable,
  useShareFavourite,
  useShareProject,
  useUnshareFavourite,
  useUnshareProject,
  type Team,
  type TeamRole,
} from '../api/teams';
import { Inline, Section } from './team-layout';

export const manages = (role: TeamRole) => role === 'owner' || role === 'admin';

interface SharedProps {
  team: Team;
  me: TeamRole;
  myId: string;
}

interface Offer {
  id: string;
  label: string;
}

/** Picks one of the caller's own items that the team does not have yet and shares it. */
function ShareOneForm(props: {
  label: string;
  placeholder: string;
  submit: string;
  offer: Offer[];
  pending: boolean;
  onShare: (id: string, done: () => void) => void;
}) {
  const [choice, setChoice] = useState('');
  const id = useId();
  if (props.offer.length === 0) return null;
  return (
    <Inline
      onSubmit={(event) => {
        event.preventDefault();
        if (props.offer.some((o) => o.id === choice)) props.onShare(choice, () => setChoice(''));
      }}
    >
      <div>
        <Label htmlFor={id}>{props.label}</Label>
        <select id={id} value={choice} onChange={(e) => setChoice(e.target.value)}>
          <option value="">{props.placeholder}</option>
          {props.offer.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={!choice || props.pending}>
        {props.submit}
      </Button>
    </Inline>
  );
}

function StopSharing({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="button" $size="sm" $variant="ghost" onClick={onClick}>
      {label}
    </Button>
  );
}

function SharedList(props: { title: string; empty: string; rows: ReactNode[]; form: ReactNode }) {
  const id = useId();
  return (
    <Section aria-labelledby={id}>
      <h3 id={id}>{props.title}</h3>
      {props.rows.length === 0 ? <p>{props.empty}</p> : null}
      <ul>{props.rows}</ul>
      {props.form}
    </Section>
  );
}

export function SharedFavourites({ team, me, myId }: SharedProps) {
  const shareable = useShareable();
  const share = useShareFavourite();
  const unshare = useUnshareFavourite();
  const shared = new Set(team.favourites.map((f) => f.professional.id));
  const offer = (shareable.data?.favourites ?? [])
    .filter((p) => !shared.has(p.id))
    .map((p) => ({ id: p.id, label: p.name }));
  const rows = team.favourites.map(({ professional, note, shared_by }) => (
    <li key={professional.id}>
      <Link to={`/professional/${professional.id}`}>{professional.name}</Link>
      {professional.title ? <span>{professional.title}</span> : null}
      {note ? <em>“{note}”</em> : null}
      {shared_by === myId || manages(me) ? (
        <StopSharing
          label={`Stop sharing ${professional.name}`}
          onClick={() =>
            unshare.mutate({
              teamId: team.id,
              professionalId: professional.id,
              name: professional.name,
            })
          }
        />
      ) : null}
    </li>
  ));
  return (
    <SharedList
      title="Shared favourites"
      empty="No professionals shared yet."
      rows={rows}
      form={
        <ShareOneForm
          label="Share one of your favourites"
          placeholder="Choose a professional"
          submit="Share professional"
          offer={offer}
          pending={share.isPending}
          onShare={(professionalId, done) => {
            const name = offer.find((o) => o.id === professionalId)?.label ?? '';
            share.mutate({ teamId: team.id, professionalId, name }, { onSuccess: done });
          }}
        />
      }
    />
  );
}

export function SharedProjects({ team, me, myId }: SharedProps) {
  const shareable = useShareable();
  const share = useShareProject();
  const unshare = useUnshareProject();
  const shared = new Set(team.projects.map((p) => p.project.id));
  const offer = (shareable.data?.projects ?? [])
    .filter((p) => !shared.has(p.id))
    .map((p) => ({ id: p.id, label: p.title }));
  const rows = team.projects.map(({ project, shared_by }) => (
    <li key={project.id}>
      <Link to={`/projects/${project.id}`}>{project.title}</Link>
      <Badge>{project.status.replace('_', ' ')}</Badge>
      {shared_by === myId || manages(me) ? (
        <StopSharing
          label={`Stop sharing ${project.title}`}
          onClick={() =>
            unshare.mutate({ teamId: team.id, projectId: project.id, title: project.title })
          }
        />
      ) : null}
    </li>
  ));
  return (
    <SharedList
      title="Shared projects"
      empty="No projects shared yet."
      rows={rows}
      form={
        <ShareOneForm
          label="Share one of your projects"
          placeholder="Choose a project"
          submit="Share project"
          offer={offer}
          pending={share.isPending}
          onShare={(projectId, done) => {
            const title = offer.find((o) => o.id === projectId)?.label ?? '';
            share.mutate({ teamId: team.id, projectId, title }, { onSuccess: done });
          }}
        />
      }
    />
  );
}
