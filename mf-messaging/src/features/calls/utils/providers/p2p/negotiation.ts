/**
 * The W3C "perfect negotiation" rules. Both sides may offer at any time (joining, screen share,
 * a restart); when offers collide the impolite side keeps its own and the polite side rolls back
 * and answers. Roles come from the two session ids, so both sides agree without asking.
 */

/** The side with the lower session id is polite. */
export function isPolite(ownSession: string, peerSession: string): boolean {
  return ownSession < peerSession;
}

/** Whether an incoming offer collides with one of ours and we, impolite, ignore it. */
export function shouldIgnoreOffer(input: {
  polite: boolean;
  makingOffer: boolean;
  signalingState: RTCSignalingState;
  settingRemoteAnswerPending: boolean;
}): boolean {
  const ready =
    !input.makingOffer && (input.signalingState === 'stable' || input.settingRemoteAnswerPending);
  return !ready && !input.polite;
}

/**
 * One id both parties compute for the same call (from their two session ids, in order), so
 * each can report the finished call and the conversation keeps one event: SHA-256 shaped as a
 * version-4-looking UUID.
 */
export async function sharedCallId(a: string, b: string): Promise<string> {
  const [first, second] = a < b ? [a, b] : [b, a];
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`${first}|${second}`),
  );
  const hex = [...new Uint8Array(digest)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
