import { loadRuntimeConfig, usePageTitle, useSession } from '@promatch/shared';
import { useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { useConversations } from '../../../lib/conversations/list-conversations';
import { fetchVideoToken } from '../api/fetch-video-token';
import { formatDuration } from '../../../lib/format-duration';
import { useLocalMedia, type MediaChoice } from '../hooks/use-local-media';
import type { CallProvider } from '../utils/providers/call-provider';
import { openSignalChannel } from '../utils/providers/p2p/signal-channel';
import {
  chooseProvider,
  createProvider,
  type CallTarget,
} from '../utils/providers/select-provider';
import { Notice, Wrap } from './call-styles';
import { InCall } from './in-call';
import { PreCall } from './pre-call';

type Phase =
  | { kind: 'pre-call'; joining: boolean; error: string | null }
  | { kind: 'in-call'; makeProvider: () => CallProvider }
  | { kind: 'ended'; seconds: number };

interface RoomProps {
  target: CallTarget;
  userId: string;
  userName: string;
  partner: { id: string; name: string };
}

function CallRoom({ target, userId, userName, partner }: RoomProps) {
  const [choice, setChoice] = useState<MediaChoice>({ cameraId: null, microphoneId: null });
  const media = useLocalMedia(choice);
  const [phase, setPhase] = useState<Phase>({ kind: 'pre-call', joining: false, error: null });
  const back = `/messages/${target.conversationId}`;

  const join = async () => {
    setPhase({ kind: 'pre-call', joining: true, error: null });
    try {
      const config = await loadRuntimeConfig();
      const chosen = await chooseProvider(config, target, fetchVideoToken);
      const iceServers = (config.iceServers ?? []) as RTCIceServer[];
      setPhase({
        kind: 'in-call',
        makeProvider: () =>
          createProvider(chosen, target, { iceServers, openChannel: openSignalChannel }),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setPhase({ kind: 'pre-call', joining: false, error: message });
    }
  };

  if (phase.kind === 'ended') {
    return (
      <Notice role="status">
        Call ended{phase.seconds ? ` after ${formatDuration(phase.seconds)}` : ''}.{' '}
        <Link to={back}>Back to the conversation</Link>
      </Notice>
    );
  }
  if (phase.kind === 'in-call') {
    return (
      <InCall
        makeProvider={phase.makeProvider}
        local={media.stream}
        conversationId={target.conversationId}
        userId={userId}
        userName={userName}
        partner={partner}
        onEnded={(seconds) => {
          media.stream?.getTracks().forEach((track) => track.stop());
          setPhase({ kind: 'ended', seconds });
        }}
      />
    );
  }
  return (
    <>
      {phase.error ? <p role="alert">{phase.error}</p> : null}
      <PreCall
        media={media}
        choice={choice}
        onChoose={setChoice}
        onJoin={() => void join()}
        joining={phase.joining}
      />
      <p>
        <Link to={back}>Back to the conversation</Link>
      </p>
    </>
  );
}

/** /messages/:conversationId/call (optionally ?appointment=<id>): the video call with that person. */
export function CallPage() {
  const userId = useSession((state) => state.user?.id);
  const userName = useSession((state) => state.user?.name) ?? '';
  const { conversationId = '' } = useParams();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const { data, isPending } = useConversations('');
  const conversation = data?.find((c) => c.id === conversationId);
  const partnerName = conversation?.partner_name || 'User';
  usePageTitle(conversation ? `Video call with ${partnerName}` : 'Video call');
  if (!userId) {
    // The shell sends signed-out visitors to sign in first; this is the remote running alone or
    // a session that just ended.
    return (
      <Wrap>
        <h1>Video call</h1>
        <p>
          <Link to={`/login?returnTo=${encodeURIComponent(pathname + search)}`}>Sign in</Link> to
          join the call.
        </p>
      </Wrap>
    );
  }
  let body;
  if (isPending) body = <Notice>Loading…</Notice>;
  else if (!conversation) body = <Notice role="alert">Conversation not found.</Notice>;
  else if (conversation.blocked)
    body = (
      <Notice role="alert">
        You have blocked {partnerName}. Unblock them to call.{' '}
        <Link to={`/messages/${conversationId}`}>Back to the conversation</Link>
      </Notice>
    );
  else
    body = (
      <CallRoom
        target={{ conversationId, appointmentId: params.get('appointment') }}
        userId={userId}
        userName={userName || 'You'}
        partner={{ id: conversation.partner_id, name: partnerName }}
      />
    );
  return (
    <Wrap>
      <h1>{conversation ? `Video call with ${partnerName}` : 'Video call'}</h1>
      {body}
    </Wrap>
  );
}
