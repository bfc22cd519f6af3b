import webpush from 'web-push';
import type { Queryable } from '../db/types.ts';

/** The key pair push messages are signed with (VAPID, RFC 8292), and who to contact about them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: URL the push service may use to reach the sender. */
  subject: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The VAPID keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY from the environment when both are set
 * (the public key is then recorded in public.web_push_keys for browsers to read, the private key
 * never is), otherwise a pair generated once and kept in public.web_push_keys, so every server
 * instance and every restart signs with the same key and existing subscriptions stay valid. The
 * first instance to store a pair wins; the others read it. VAPID_SUBJECT defaults to the site.
 */
export async function loadVapidKeys(
  db: Queryable,
  siteUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<VapidKeys> {
  const subject = env.VAPID_SUBJECT?.trim() || vapidSubjectFor(siteUrl);
  const fromEnv = {
    publicKey: env.VAPID_PUBLIC_KEY?.trim(),
    privateKey: env.VAPID_PRIVATE_KEY?.trim(),
  };
  if (fromEnv.publicKey || fromEnv.privateKey) {
    if (
      !fromEnv.publicKey ||
      !fromEnv.privateKey ||
      !BASE64URL.test(fromEnv.publicKey) ||
      !BASE64URL.test(fromEnv.privateKey)
    ) {
      throw new Error(
        'Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url, as `npx web-push generate-vapid-keys` prints them), or neither.',
      );
    }
    await db.query(
      `insert into public.web_push_keys (id, public_key, private_key) values (true, $1, null)
       on conflict (id) do update set public_key = excluded.public_key, private_key = null,
         created_at = case when web_push_keys.public_key = excluded.public_key
           then web_push_keys.created_at else now() end`,
      [fromEnv.publicKey],
    );
    return { publicKey: fromEnv.publicKey, privateKey: fromEnv.privateKey, subject };
  }
  const generated = webpush.generateVAPIDKeys();
  await db.query(
    `insert into public.web_push_keys (id, public_key, private_key) values (true, $1, $2)
     on conflict (id) do update set public_key = excluded.public_key, private_key = excluded.private_key
     where web_push_keys.private_key is null`,
    [generated.publicKey, generated.privateKey],
  );
  const { rows } = await db.query<{ public_key: string; private_key: string }>(
    'select public_key, private_key from public.web_push_keys where id',
  );
  const stored = rows[0];
  if (!stored) throw new Error('The VAPID keys could not be stored.');
  return { publicKey: stored.public_key, privateKey: stored.private_key, subject };
}

/** A contact for push services: the site's own https address, or a mailto: for local sites. */
export function vapidSubjectFor(siteUrl: string): string {
  try {
    const url = new URL(siteUrl);
    if (url.protocol === 'https:') return url.origin;
  } catch {
    // fall through
  }
  return 'mailto:notifications@promatch.invalid';
}
