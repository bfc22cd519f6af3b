import styled from 'styled-components';

export const Card = styled.div`
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 1.25rem;
  /* The card's padding is the space around its content: no heading or paragraph margin adds to it. */
  > :first-child {
    margin-top: 0;
  }
  > :last-child {
    margin-bottom: 0;
  }
`;

/** Each badge tone's background and text colour, from the theme so dark mode has its own. */
const BADGE_TONES = {
  neutral: ['neutralSoft', 'onNeutralSoft'],
  success: ['successSoft', 'onSuccessSoft'],
  warning: ['warningSoft', 'onWarningSoft'],
  primary: ['primarySoft', 'onPrimarySoft'],
} as const;

export const Badge = styled.span<{ $tone?: 'neutral' | 'success' | 'warning' | 'primary' }>`
  display: inline-block;
  padding: 0.15rem 0.55rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: 0.8rem;
  font-weight: 600;
  background: ${({ $tone = 'neutral', theme }) => theme.colors[BADGE_TONES[$tone][0]]};
  color: ${({ $tone = 'neutral', theme }) => theme.colors[BADGE_TONES[$tone][1]]};
`;

/** Visually hidden but read by screen readers. */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;
