import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { env, serveOnDeno } from '../_shared/env.ts';
import { answerIfNotPost, json, readJson } from '../_shared/http.ts';
import { refusal, signedInUser, supabaseAdmin } from '../_shared/supabase-admin.ts';
import { MAX_TTL_SECONDS, mintVideoToken, type TwilioAccount } from './twilio-token.ts';

export const NOT_CONFIGURED = 'Video calls through Twilio are not configured on this server.';
export const NOT_A_PARTY =
  'Only the two people in this conversation or appointment can join its call.';
const DEFAULT_TTL_SECONDS = 3600;

const bodySchema = z.union(
  [
    z.object({ conversationId: z.uuid({ message: 'conversationId must be a UUID.' }) }).strict(),
    z.object({ appointmentId: z.uuid({ message: 'appointmentId must be a UUID.' }) }).strict(),
  ],
  { message: 'Send either a conversationId or an appointmentId.' },
);
type Body = z.infer<typeof bodySchema>;

/** Twilio credentials from the environment, or null when any of the three is missing. */
export function twilioAccountFromEnv(): TwilioAccount | null {
  const accountSid = env('TWILIO_ACCOUNT_SID');
  const apiKeySid = env('TWILIO_API_KEY_SID');
  const apiKeySecret = env('TWILIO_API_KEY_SECRET');
  return accountSid && apiKeySid && apiKeySecret ? { accountSid, apiKeySid, apiKeySecret } : null;
}

function ttlFromEnv(): number {
  const configured = Number(env('TWILIO_TOKEN_TTL_SECONDS'));
  return Number.isInteger(configured) && configured > 0
    ? Math.min(configured, MAX_TTL_SECONDS)
    : DEFAULT_TTL_SECONDS;
}

/** The two parties of the conversation or appointment, or null when it does not exist. */
async function partiesOf(admin: SupabaseClient, body: Body): Promise<[string, string] | null> {
  if ('conversationId' in body) {
    const { data, error } = await admin
      .from('conversations')
      .select('participant_1, participant_2')
      .eq('id', body.conversationId)
      .maybeSingle();
    if (error) throw error;
    return data ? [data.participant_1 as string, data.participant_2 as string] : null;
  }
  const { data, error } = await admin
    .from('appointments')
    .select('business_id, professional_id')
    .eq('id', body.appointmentId)
    .maybeSingle();
  if (error) throw error;
  return data ? [data.business_id as string, data.professional_id as string] : null;
}

async function isBlocked(admin: SupabaseClient, [a, b]: [string, string]): Promise<boolean> {
  const { data, error } = await admin.rpc('is_blocked_between', { a, b });
  if (error) throw error;
  return data === true;
}

/**
 * POST { conversationId } or { appointmentId } with the user's access token. Answers
 * { token, room, identity, expiresAt }: a Twilio Video access token for that call's room, only
 * for one of its two parties. 503 when Twilio is not configured (the app then calls
 * peer-to-peer), 401 signed out, 400 bad input, 403 anyone else or a blocked pair.
 */
export default async function handler(request: Request): Promise<Response> {
  const notPost = answerIfNotPost(request);
  if (notPost) return notPost;
  const account = twilioAccountFromEnv();
  if (!account) return json(503, { error: NOT_CONFIGURED, code: 'video_provider_unavailable' });

  const admin = supabaseAdmin();
  const signedIn = await signedInUser(request, admin);
  if (signedIn.status !== 'ok') return refusal(signedIn, 'Sign in to join a video call.');
  const { user } = signedIn;

  const parsed = bodySchema.safeParse(await readJson(request));
  if (!parsed.success) {
    return json(400, { error: 'Send either a conversationId or an appointmentId (a UUID).' });
  }
  try {
    const parties = await partiesOf(admin, parsed.data);
    if (!parties || !parties.includes(user.id) || (await isBlocked(admin, parties))) {
      return json(403, { error: NOT_A_PARTY });
    }
    const id =
      'conversationId' in parsed.data ? parsed.data.conversationId : parsed.data.appointmentId;
    const room = `promatch-${id}`;
    const ttl = ttlFromEnv();
    const jwt = await mintVideoToken(account, { identity: user.id, room, ttlSeconds: ttl });
    const expiresAt = new Date(Date.now() + ttl * 1000).toISOString();
    return json(200, { token: jwt, room, identity: user.id, expiresAt });
  } catch (error) {
    console.error('[video-token] failed:', error instanceof Error ? error.message : error);
    return json(500, { error: 'The call could not be set up right now. Please try again.' });
  }
}

serveOnDeno(handler);
