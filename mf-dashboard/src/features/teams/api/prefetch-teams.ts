import type { PageData } from '../../../lib/page-data';
import { teamKeys } from './keys';
import { getInvitations, getShareable, getTeams } from './teams';

/**
 * /teams: the teams, what the user could share, and the open invitations of each team they run.
 * The invitations depend on the teams' ids, so they follow as soon as the teams arrive instead of
 * after the team cards have rendered.
 */
export const teamsPageData: PageData = {
  queries: async ({ client, userId }) => {
    // The teams list goes first: the embedded database answers one query at a time, in order,
    // and the cards need the teams before anything else.
    const teamsRequest = client.fetchQuery({ queryKey: teamKeys.list(userId), queryFn: getTeams });
    const shareable = client.prefetchQuery({
      queryKey: teamKeys.shareable(userId),
      queryFn: () => getShareable(userId),
    });
    const teams = await teamsRequest;
    // Only the owner and admins see a team's invitations (row level security hides the rest).
    const managed = teams.filter((team) =>
      team.members.some((m) => m.id === userId && (m.role === 'owner' || m.role === 'admin')),
    );
    await Promise.all([
      shareable,
      ...managed.map((team) =>
        client.prefetchQuery({
          queryKey: teamKeys.invitations(userId, team.id),
          queryFn: () => getInvitations(team.id),
        }),
      ),
    ]);
  },
};
