import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef } from 'react';
import styled from 'styled-components';
import type { DisplayMessage } from './display-message';
import { CallEventRow } from './call-event-row';
import { MessageBubble } from './message-bubble';

const Scroller = styled.div`
  flex: 1;
  min-height: 16rem;
  overflow-y: auto;
  contain: strict;
`;

/** Load the previous page when the reader is this close to the top. */
const LOAD_OLDER_WITHIN_PX = 300;
/** Follow new messages only when the reader is already this close to the bottom. */
const STICK_TO_BOTTOM_PX = 150;

export interface MessageListProps {
  messages: DisplayMessage[];
  partnerName: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  onRetry(clientId: string): void;
}

/**
 * The thread as a virtualised list: only the rows on screen are in the page, so a thread of
 * thousands of messages opens and scrolls like a short one. Opens at the newest message, follows
 * new ones while the reader is at the bottom, and keeps the reader's place when older pages load.
 */
export function MessageList({
  messages,
  partnerName,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onRetry,
}: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 64,
    overscan: 10,
    getItemKey: (index) => messages[index]?.key ?? index,
  });

  const firstKey = messages[0]?.key;
  const lastKey = messages[messages.length - 1]?.key;
  const previous = useRef<{ firstKey?: string; lastKey?: string; total: number; count: number }>({
    total: 0,
    count: 0,
  });

  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    const before = previous.current;
    const total = virtualizer.getTotalSize();
    if (scroller && messages.length > 0) {
      if (before.count === 0) {
        virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
      } else if (firstKey !== before.firstKey && lastKey === before.lastKey) {
        // Older messages were put above: keep the rows the reader was looking at in place.
        scroller.scrollTop += total - before.total;
      } else if (lastKey !== before.lastKey) {
        const fromBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
        const mine = messages[messages.length - 1]?.mine;
        if (mine || fromBottom < STICK_TO_BOTTOM_PX + 80) {
          virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
        }
      }
    }
    previous.current = { firstKey, lastKey, total, count: messages.length };
  }, [firstKey, lastKey, messages, virtualizer]);

  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const onScroll = () => {
      if (scroller.scrollTop < LOAD_OLDER_WITHIN_PX && hasOlder && !loadingOlder) onLoadOlder();
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => scroller.removeEventListener('scroll', onScroll);
  }, [hasOlder, loadingOlder, onLoadOlder]);

  return (
    <Scroller ref={scrollRef} role="log" aria-label="Messages" tabIndex={0}>
      {loadingOlder ? <p>Loading earlier messages…</p> : null}
      {/* Inline style: the height is the virtualiser's measure of every row, new each render. */}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const message = messages[item.index]!;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              // Inline style: each row's offset comes from the virtualiser on every render.
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${item.start}px)`,
              }}
            >
              {message.callSeconds === null ? (
                <MessageBubble message={message} partnerName={partnerName} onRetry={onRetry} />
              ) : (
                <CallEventRow createdAt={message.createdAt} seconds={message.callSeconds} />
              )}
            </div>
          );
        })}
      </div>
    </Scroller>
  );
}
