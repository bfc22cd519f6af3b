import { Button } from '@promatch/shared';
import { useState } from 'react';

/**
 * Sending asks first: the first click shows what will happen and a second button does it (an
 * issue goes out once and cannot be recalled).
 */
export function SendIssueButton({
  subject,
  disabled,
  onSend,
}: {
  subject: string;
  disabled?: boolean;
  onSend: () => Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  if (!asking) {
    return (
      <Button type="button" disabled={disabled} onClick={() => setAsking(true)}>
        Send…
      </Button>
    );
  }
  return (
    <div role="group" aria-label="Confirm sending">
      <p>
        Send “{subject}” now to every confirmed subscriber? Unconfirmed and unsubscribed addresses
        get nothing. It cannot be recalled.
      </p>
      <Button
        type="button"
        disabled={sending}
        onClick={() => {
          setSending(true);
          void onSend().finally(() => {
            setSending(false);
            setAsking(false);
          });
        }}
      >
        Yes, send it
      </Button>{' '}
      <Button type="button" $variant="outline" onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </div>
  );
}
