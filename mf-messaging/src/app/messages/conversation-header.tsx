import { useState } from 'react';
import {
  ThreadHeader,
  type ThreadHeaderProps,
} from '../../features/conversations/components/thread-header';
import { ReportForm } from '../../features/safety/components/report-form';
import { SafetyActions } from '../../features/safety/components/safety-actions';

type ConversationHeaderProps = Omit<ThreadHeaderProps, 'actions' | 'children'> & {
  userId: string;
};

/** The conversation's header with safety's block and report actions, and the report form under it. */
export function ConversationHeader({ userId, ...header }: ConversationHeaderProps) {
  const [reporting, setReporting] = useState(false);
  return (
    <ThreadHeader
      {...header}
      actions={
        <SafetyActions
          userId={userId}
          partnerId={header.partner.id}
          blocked={header.blocked}
          reporting={reporting}
          onToggleReport={() => setReporting((open) => !open)}
        />
      }
    >
      {reporting ? (
        <ReportForm
          userId={userId}
          partner={header.partner}
          conversationId={header.conversationId}
          onDone={() => setReporting(false)}
        />
      ) : null}
    </ThreadHeader>
  );
}
