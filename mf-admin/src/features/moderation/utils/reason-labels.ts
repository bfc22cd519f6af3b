import type { QueuedReport } from '../api/get-moderation-queue';

/** The reasons as the reporter chose them in messaging. */
export const REASON_LABELS: Record<QueuedReport['reason'], string> = {
  spam: 'Spam or unsolicited offers',
  harassment: 'Harassment or abuse',
  inappropriate: 'Inappropriate content',
  scam: 'Scam or fraud',
  other: 'Something else',
};
