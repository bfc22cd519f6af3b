import { Button } from '@promatch/shared';
import type { Appointment } from '../utils/appointment-state';
import { buildIcs, downloadIcs } from '../utils/ics';

/** Saves the confirmed call to the person's own calendar as an .ics file. */
export function DownloadIcsButton({
  appointment,
  other,
}: {
  appointment: Appointment;
  other: string;
}) {
  const download = () => {
    const link = appointment.conversation_id
      ? `${window.location.origin}/messages/${appointment.conversation_id}`
      : undefined;
    const ics = buildIcs({
      uid: `${appointment.id}@promatch`,
      startsAt: appointment.starts_at,
      endsAt: appointment.ends_at,
      summary: `ProMatch call with ${other}`,
      description: [appointment.description, link ? `Join from ProMatch: ${link}` : null]
        .filter(Boolean)
        .join('\n'),
      url: link,
    });
    downloadIcs(`promatch-call-${appointment.starts_at.slice(0, 10)}.ics`, ics);
  };
  return (
    <Button type="button" $size="sm" $variant="outline" onClick={download}>
      Download .ics
    </Button>
  );
}
