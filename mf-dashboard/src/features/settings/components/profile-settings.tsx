import { Button, Card } from '@promatch/shared';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useMyProfile } from '../../../lib/my-profile/get-my-profile';
import { useUpdateProfile } from '../api/update-profile';
import { uploadAvatar } from '../api/upload-avatar';
import { AvatarField } from './avatar-field';
import { ProfileForm } from './profile-form';

/** The profile part of settings: photo and details, each saved on its own. */
export function ProfileSettings() {
  const profile = useMyProfile();
  const update = useUpdateProfile();
  const avatar = useMutation({
    mutationFn: async (image: Blob) =>
      update.mutateAsync({ avatar_url: await uploadAvatar(image) }),
  });

  return (
    <Card as="section" aria-labelledby="settings-profile">
      <h3 id="settings-profile">Profile</h3>
      {profile.isPending ? <p role="status">Loading your profile…</p> : null}
      {profile.isError ? (
        <div role="alert">
          <p>We could not load your profile: {profile.error.message}</p>
          <Button type="button" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {profile.data ? (
        <>
          {profile.data.account_type === 'professional' ? (
            <p>
              This is what businesses see on{' '}
              <Link to={`/professional/${profile.data.id}`}>your public profile</Link>.
            </p>
          ) : null}
          <AvatarField
            name={profile.data.name}
            avatarUrl={profile.data.avatar_url}
            saving={avatar.isPending}
            onSave={(image) => avatar.mutateAsync(image)}
          />
          <ProfileForm
            profile={profile.data}
            saving={update.isPending}
            onSave={(changes) => update.mutate(changes)}
          />
        </>
      ) : null}
    </Card>
  );
}
