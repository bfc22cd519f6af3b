import { getSupabaseClient, toAppError, toast, useSession, type Database } from '@promatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { teamKeys } from './keys';

export type TeamRole = 'owner' | 'admin' | 'member';

export interface Person {
  id: string;
  name: string;
  avatar_url: string | null;
}

export interface TeamMember extends Person {
  role: TeamRole;
  joined_at: string;
}

export interface SharedFavourite {
  professional: Person & { title: string | null; location: string | null };
  note: string;
  shared_by: string;
  created_at: string;
}

export interface SharedProject {
  project: { id: string; title: string; status: string };
  shared_by: string;
  created_at: string;
}

export interface Team {
  id: string;
  name: string;
  description: string | null;
  created_at: string;
  members: TeamMember[];
  favourites: SharedFavourite[];
  projects: SharedProject[];
}

interface TeamRow {
  id: string;
  name: string;
  description: string | null;
  created_at: string;
  owner_id: string;
  owner: Person | null;
  members: { role: 'admin' | 'member'; created_at: string; profile: Person | null }[];
  favourites: (Omit<SharedFavourite, 'professional'> & {
    professional: SharedFavourite['professional'] | null;
  })[];
  projects: (Omit<SharedProject, 'project'> & { project: SharedProject['project'] | null })[];
}

const PERSON = 'id,name,avatar_url';
const TEAM_COLUMNS = [
  'id,name,description,created_at,owner_id',
  `owner:profiles!teams_owner_id_fkey(${PERSON})`,
  `members:team_members(role,created_at,profile:profiles!team_members_user_id_fkey(${PERSON}))`,
  `favourites:team_favorites(note,shared_by,created_at,professional:profiles!team_favorites_professional_id_fkey(${PERSON},title,location))`,
  'projects:team_projects(shared_by,created_at,project:projects(id,title,status))',
].join(',');

const ROLE_ORDER: Record<TeamRole, number> = { owner: 0, admin: 1, member: 2 };

/** Row level security returns only the teams the user is in, with what each shares. */
export async function getTeams(): Promise<Team[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('teams')
    .select(TEAM_COLUMNS)
    .order('created_at', { ascending: true });
  if (error) throw toAppError(error);
  return ((data ?? []) as unknown as TeamRow[]).map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    created_at: row.created_at,
    members: [
      ...(row.owner ? [{ ...row.owner, role: 'owner' as const, joined_at: row.created_at }] : []),
      ...row.members.flatMap((m) =>
        m.profile ? [{ ...m.profile, role: m.role, joined_at: m.created_at }] : [],
      ),
    ].sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.name.localeCompare(b.name)),
    favourites: row.favourites.flatMap((f) =>
      f.professional ? [{ ...f, professional: f.professional }] : [],
    ),
    projects: row.projects.flatMap((p) => (p.project ? [{ ...p, project: p.project }] : [])),
  }));
}

export function useTeams() {
  const userId = useSession((state) => state.user?.id) ?? '';
  return useQuery({ queryKey: teamKeys.list(userId), queryFn: getTeams, enabled: userId !== '' });
}

export interface Invitation {
  id: string;
  email: string;
  role: 'admin' | 'member';
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
}

/** Open invitations of a team (owner and admins only; row level security hides them otherwise). */
export async function getInvitations(teamId: string): Promise<Invitation[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('team_invitations')
    .select('id,email,role,created_at,expires_at,accepted_at,revoked_at')
    .eq('team_id', teamId)
    .is('accepted_at', null)
    .is('revoked_at', null)
    .gt('expires_at', new Date().toISOString())
    .order('created_at', { ascending: false });
  if (error) throw toAppError(error);
  return (data ?? []) as Invitation[];
}

export function useInvitations(teamId: string, enabled: boolean) {
  const userId = useSession((state) => state.user?.id) ?? '';
  return useQuery({
    queryKey: teamKeys.invitations(userId, teamId),
    queryFn: () => getInvitations(teamId),
    enabled: enabled && userId !== '',
  });
}

export interface InvitationPreview {
  team_name: string;
  inviter_name: string;
  email: string;
  role: 'admin' | 'member';
  expires_at: string;
  status: 'open' | 'expired' | 'revoked';
}

/** What an invitation link is for; null when the link is unknown or already used. */
export async function previewInvitation(token: string): Promise<InvitationPreview | null> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.rpc('team_invitation_by_token', { p_token: token });
  if (error) throw toAppError(error);
  return ((data ?? []) as InvitationPreview[])[0] ?? null;
}

export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: teamKeys.invitation(token),
    queryFn: () => previewInvitation(token),
    enabled: token !== '',
  });

/** Your own favourites and projects, offered for sharing. */
export interface Shareable {
  favourites: { id: string; name: string }[];
  projects: { id: string; title: string }[];
}

export async function getShareable(userId: string): Promise<Shareable> {
  const supabase = await getSupabaseClient();
  const [favourites, projects] = await Promise.all([
    supabase
      .from('favorites')
      .select('professional:profiles!favorites_professional_id_fkey(id,name)')
      .eq('user_id', userId)
      .order('created_at', { ascending: false }),
    supabase
      .from('projects')
      .select('id,title')
      .eq('owner_id', userId)
      .order('created_at', { ascending: false }),
  ]);
  if (favourites.error) throw toAppError(favourites.error);
  if (projects.error) throw toAppError(projects.error);
  const people = (favourites.data ?? []) as unknown as {
    professional: Shareable['favourites'][0] | null;
  }[];
  return {
    favourites: people.flatMap((row) => (row.professional ? [row.professional] : [])),
    projects: projects.data ?? [],
  };
}

export function useShareable() {
  const userId = useSession((state) => state.user?.id) ?? '';
  return useQuery({
    queryKey: teamKeys.shareable(userId),
    queryFn: () => getShareable(userId),
    enabled: userId !== '',
  });
}

/** Every team change: run it, say so (or why not) and refresh the teams. */
function useTeamAction<TInput>(
  run: (input: TInput) => Promise<void>,
  done: (input: TInput) => string,
) {
  const userId = useSession((state) => state.user?.id) ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (_data, input) => toast({ title: done(input) }),
    onError: (error) =>
      toast({ title: 'That did not work', description: error.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all(userId) }),
  });
}

type TeamFunction =
  | 'invite_team_member'
  | 'revoke_team_invitation'
  | 'remove_team_member'
  | 'set_team_member_role'
  | 'transfer_team_ownership'
  | 'leave_team'
  | 'accept_team_invitation';
type Functions = Database['public']['Functions'];

async function rpc<N extends TeamFunction>(
  name: N,
  args: Functions[N]['Args'],
): Promise<Functions[N]['Returns']> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.rpc(name, args);
  if (error) throw toAppError(error);
  return data as Functions[N]['Returns'];
}

export const useCreateTeam = () =>
  useTeamAction(
    async ({ name }: { name: string }) => {
      const supabase = await getSupabaseClient();
      const { error } = await supabase.from('teams').insert({ name });
      if (error) throw toAppError(error);
    },
    ({ name }) => `Team “${name}” created`,
  );

export const useInvite = () =>
  useTeamAction(
    async (input: { teamId: string; email: string; role: 'admin' | 'member' }) => {
      await rpc('invite_team_member', {
        p_team: input.teamId,
        p_email: input.email,
        p_role: input.role,
      });
    },
    ({ email }) => `Invitation e-mailed to ${email}`,
  );

export const useRevokeInvitation = () =>
  useTeamAction(
    async ({ id }: { id: string; email: string }) => {
      await rpc('revoke_team_invitation', { p_invitation: id });
    },
    ({ email }) => `Invitation to ${email} withdrawn`,
  );

export const useRemoveMember = () =>
  useTeamAction(
    async (input: { teamId: string; userId: string; name: string }) => {
      await rpc('remove_team_member', { p_team: input.teamId, p_user: input.userId });
    },
    ({ name }) => `${name} removed from the team`,
  );

export const useSetRole = () =>
  useTeamAction(
    async (input: { teamId: string; userId: string; role: 'admin' | 'member'; name: string }) => {
      await rpc('set_team_member_role', {
        p_team: input.teamId,
        p_user: input.userId,
        p_role: input.role,
      });
    },
    ({ name, role }) => `${name} is now ${role === 'admin' ? 'an admin' : 'a member'}`,
  );

export const useTransferOwnership = () =>
  useTeamAction(
    async (input: { teamId: string; userId: string; name: string }) => {
      await rpc('transfer_team_ownership', { p_team: input.teamId, p_user: input.userId });
    },
    ({ name }) => `${name} now owns the team`,
  );

export const useLeaveTeam = () =>
  useTeamAction(
    async ({ teamId }: { teamId: string; name: string }) => {
      await rpc('leave_team', { p_team: teamId });
    },
    ({ name }) => `You left ${name}`,
  );

export const useDeleteTeam = () =>
  useTeamAction(
    async ({ teamId }: { teamId: string; name: string }) => {
      const supabase = await getSupabaseClient();
      const { error } = await supabase.from('teams').delete().eq('id', teamId);
      if (error) throw toAppError(error);
    },
    ({ name }) => `Team “${name}” deleted`,
  );

export const useShareFavourite = () =>
  useTeamAction(
    async (input: { teamId: string; professionalId: string; name: string }) => {
      const supabase = await getSupabaseClient();
      const { error } = await supabase
        .from('team_favorites')
        .insert({ team_id: input.teamId, professional_id: input.professionalId });
      if (error) throw toAppError(error);
    },
    ({ name }) => `${name} shared with the team`,
  );

export const useUnshareFavourite = () =>
  useTeamAction(
    async (input: { teamId: string; professionalId: string; name: string }) => {
      const supabase = await getSupabaseClient();
      const { error } = await supabase
        .from('team_favorites')
        .delete()
        .eq('team_id', input.teamId)
        .eq('professional_id', input.professionalId);
      if (error) throw toAppError(error);
    },
    ({ name }) => `${name} is no longer shared`,
  );

export const useShareProject = () =>
  useTeamAction(
    async (input: { teamId: string; projectId: string; title: string }) => {
      const supabase = await getSupabaseClient();
      const { error } = await supabase
        .from('team_projects')
        .insert({ team_id: input.teamId, project_id: input.projectId });
      if (error) throw toAppError(error);
    },
    ({ title }) => `“${title}” shared with the team`,
  );

export const useUnshareProject = () =>
  useTeamAction(
    async (input: { teamId: string; projectId: string; title: string }) => {
      const supabase = await getSupabaseClient();
      const { error } = await supabase
        .from('team_projects')
        .delete()
        .eq('team_id', input.teamId)
        .eq('project_id', input.projectId);
      if (error) throw toAppError(error);
    },
    ({ title }) => `“${title}” is no longer shared`,
  );

/** Accepts an invitation link as the signed-in user; resolves to the team id. */
export function useAcceptInvitation() {
  const userId = useSession((state) => state.user?.id) ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => rpc('accept_team_invitation', { p_token: token }),
    onSuccess: () => toast({ title: 'You joined the team' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all(userId) }),
  });
}
