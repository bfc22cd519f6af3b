import { AppError, getSupabaseClient, toAppError } from '@promatch/shared';
import { PROFILE_MESSAGES } from '@promatch/shared/validation';

/**
 * Stores a cropped photo in the public avatars bucket under the user's own folder and returns its
 * public URL. Each upload gets a new name, so no browser or CDN keeps showing the old picture;
 * the user's earlier photos are removed once the new one is stored.
 */
export async function uploadAvatar(image: Blob): Promise<string> {
  const supabase = await getSupabaseClient();
  const { data: auth } = await supabase.auth.getSession();
  const userId = auth.session?.user.id;
  if (!userId) throw new AppError(PROFILE_MESSAGES.noUser, 'no_user', 401);
  const bucket = supabase.storage.from('avatars');
  const name = `avatar-${Date.now()}.jpg`;
  const { error } = await bucket.upload(`${userId}/${name}`, image, {
    contentType: 'image/jpeg',
    upsert: false,
  });
  if (error) throw toAppError(error);
  const { data: previous } = await bucket.list(userId);
  const stale = (previous ?? []).filter((entry) => entry.name !== name);
  if (stale.length > 0) await bucket.remove(stale.map((entry) => `${userId}/${entry.name}`));
  return bucket.getPublicUrl(`${userId}/${name}`).data.publicUrl;
}
