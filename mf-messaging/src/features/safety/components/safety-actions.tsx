import { Button } from '@promatch/shared';
import { useSetBlocked } from '../api/safety-api';

export interface SafetyActionsProps {
  userId: string;
  partnerId: string;
  blocked: boolean;
  /** Whether the report form is open; the caller places the form. */
  reporting: boolean;
  onToggleReport(): void;
}

/** The block and report buttons of a conversation's header. */
export function SafetyActions({
  userId,
  partnerId,
  blocked,
  reporting,
  onToggleReport,
}: SafetyActionsProps) {
  const setBlocked = useSetBlocked(userId, partnerId);
  return (
    <>
      <Button
        type="button"
        $size="sm"
        $variant="outline"
        disabled={setBlocked.isPending}
        onClick={() => setBlocked.mutate(!blocked)}
      >
        {blocked ? 'Unblock' : 'Block'}
      </Button>
      <Button
        type="button"
        $size="sm"
        $variant="ghost"
        aria-expanded={reporting}
        onClick={onToggleReport}
      >
        Report
      </Button>
    </>
  );
}
