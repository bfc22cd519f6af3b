import { getSupabaseClient } from '@promatch/shared';

export const EVIDENCE_BUCKET = 'verification-evidence';
export const EVIDENCE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'];
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;
export const EVIDENCE_MAX_FILES = 5;

export type RequestStatus = 'pending' | 'approved' | 'rejected';

export interface BadgeStatus {
  verified: boolean;
  latest: {
    status: RequestStatus;
    decision_note: string | null;
    created_at: string;
    reviewed_at: string | null;
  } | null;
}

export const badgeStatusKey = (userId: string) => ['professional-verification', userId] as const;

/** The profile's badge and the professional's latest request (their own rows only, by RLS). */
export async function fetchBadgeStatus(userId: string): Promise<BadgeStatus> {
  const client = await getSupabaseClient();
  const [profile, requests] = await Promise.all([
    client.from('profiles').select('verified').eq('id', userId).single(),
    client
      .from('verification_requests')
      .select('status, decision_note, created_at, reviewed_at')
      .eq('user_id', userId)
      .order('created_at', { ascending: false })
      .limit(1),
  ]);
  if (profile.error) throw profile.error;
  if (requests.error) throw requests.error;
  const latest = requests.data[0];
  return {
    verified: profile.data.verified,
    // the table's check constraint allows exactly these three statuses
    latest: latest ? { ...latest, status: latest.status as RequestStatus } : null,
  };
}

/** Why a file cannot be sent, or null when it can. */
export function evidenceProblem(file: File): string | null {
  if (!EVIDENCE_TYPES.includes(file.type))
    return `${file.name}: use a PDF, PNG, JPEG or WebP file.`;
  if (file.size > EVIDENCE_MAX_BYTES) return `${file.name} is larger than 10 MB.`;
  return null;
}

/** Uploads the evidence into the professional's own folder, then files the request. */
export async function requestBadge(userId: string, files: File[], message: string) {
  const client = await getSupabaseClient();
  const paths: string[] = [];
  for (const file of files) {
    const safeName = file.name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(-100);
    const path = `${userId}/${crypto.randomUUID()}-${safeName}`;
    const { error } = await client.storage
      .from(EVIDENCE_BUCKET)
      .upload(path, file, { contentType: file.type });
    if (error) throw new Error(`Could not upload ${file.name}: ${error.message}`);
    paths.push(path);
  }
  const { error } = await client
    .from('verification_requests')
    .insert({ user_id: userId, evidence_paths: paths, message: message.trim() || null });
  if (error) {
    if (error.code === '23505') throw new Error('You already have a request waiting for review.');
    throw new Error(error.message);
  }
}
