import { Button, Card, Cluster, Input, Label, Page, Stack } from '@promatch/shared';
import { useState } from 'react';
import { useCreateTeam, useTeams } from '../api/teams';
import { InvitationBanner } from './invitation-banner';
import { PermissionsTable } from './permissions-table';
import { TeamCard } from './team-card';

function CreateTeam() {
  const create = useCreateTeam();
  const [name, setName] = useState('');
  return (
    <Card as="section" aria-labelledby="create-team">
      <h2 id="create-team">Create a team</h2>
      <Cluster
        as="form"
        $align="end"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ name: name.trim() }, { onSuccess: () => setName('') });
        }}
      >
        <div>
          <Label htmlFor="team-name">Team name</Label>
          <Input
            id="team-name"
            required
            maxLength={200}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={create.isPending || name.trim() === ''}>
          Create team
        </Button>
      </Cluster>
    </Card>
  );
}

/** /teams: your teams, what they share, invitations, and who may do what. */
export function TeamsPage() {
  const teams = useTeams();
  return (
    <Page
      heading="Teams"
      lead="Invite colleagues, share the professionals and projects you are looking at, and hire together."
    >
      <InvitationBanner />
      <Stack $gap="xl">
        {teams.isPending ? <p role="status">Loading your teams…</p> : null}
        {teams.isError ? (
          <div role="alert">
            <p>We could not load your teams: {teams.error.message}</p>
            <Button type="button" onClick={() => void teams.refetch()}>
              Try again
            </Button>
          </div>
        ) : null}
        {teams.data?.length === 0 ? <p>You are not in a team yet. Create one below.</p> : null}
        {teams.data?.map((team) => (
          <TeamCard key={team.id} team={team} />
        ))}
        <CreateTeam />
        <PermissionsTable />
      </Stack>
    </Page>
  );
}
