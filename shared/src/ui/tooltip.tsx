import {
  cloneElement,
  useEffect,
  useId,
  useRef,
  type PointerEvent,
  type ReactElement,
} from 'react';
import styled, { css } from 'styled-components';
import { useTooltipOpen } from './use-tooltip-open';

export type TooltipAlign = 'center' | 'end';

export interface TooltipProps {
  /** What the trigger does, in words; usually the same text as the trigger's aria-label. */
  label: string;
  /** One element that takes `aria-describedby`: a button or link. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  /** `end` lines the tooltip up with the trigger's right edge, for triggers near the right edge. */
  align?: TooltipAlign;
  /** On the wrapper around trigger and tooltip, so `styled(Tooltip)` can place or hide it. */
  className?: string;
}

const GAP = '0.4rem';

const Anchor = styled.span`
  position: relative;
  display: inline-flex;
`;

const Bubble = styled.span<{ $align: TooltipAlign }>`
  position: absolute;
  top: calc(100% + ${GAP});
  z-index: 70;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.background};
  box-shadow: ${({ theme }) => theme.shadows.md};
  font-size: 0.8rem;
  font-weight: 500;
  line-height: 1.3;
  white-space: nowrap;
  ${({ $align }) =>
    $align === 'end'
      ? css`
          right: 0;
        `
      : css`
          left: 50%;
          transform: translateX(-50%);
        `}
  /* Bridges the gap, so the pointer can move from the trigger onto the tooltip (WCAG 1.4.13). */
  &::before {
    content: '';
    position: absolute;
    left: 0;
    right: 0;
    bottom: 100%;
    height: ${GAP};
  }
`;

function joinIds(...ids: (string | undefined)[]): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

/**
 * Names an icon-only control for sighted users: opens after the pointer or keyboard focus rests
 * on the trigger (`TOOLTIP_DELAY_MS`), at once when another tooltip closed just before
 * (`TOOLTIP_SKIP_DELAY_MS`); closes on leave, blur, click and Escape. While open the trigger is
 * described by it. Touch does not open it: a tap is the control's own action.
 */
export function Tooltip({ label, children, align = 'center', className }: TooltipProps) {
  const { open, requestOpen, close } = useTooltipOpen();
  const id = useId();
  // After a click, the focus the click gave the trigger must not bring the tooltip back.
  const suppressed = useRef(false);

  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, close]);

  const openUnlessSuppressed = () => {
    if (!suppressed.current) requestOpen();
  };
  const release = () => {
    suppressed.current = false;
    close();
  };
  const suppress = () => {
    suppressed.current = true;
    close();
  };

  return (
    <Anchor
      className={className}
      onPointerEnter={(event: PointerEvent) => {
        if (event.pointerType !== 'touch') openUnlessSuppressed();
      }}
      onPointerLeave={release}
      onFocus={openUnlessSuppressed}
      onBlur={release}
      onPointerDown={suppress}
      onClick={suppress}
    >
      {cloneElement(children, {
        'aria-describedby': joinIds(children.props['aria-describedby'], open ? id : undefined),
      })}
      {open ? (
        <Bubble id={id} role="tooltip" $align={align}>
          {label}
        </Bubble>
      ) : null}
    </Anchor>
  );
}
