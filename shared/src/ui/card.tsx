import styled from 'styled-components';

export const Card = styled.div`
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: 1.25rem;
`;

export const Badge = styled.span<{ $tone?: 'neutral' | 'success' | 'warning' | 'primary' }>`
  display: inline-block;
  padding: 0.15rem 0.55rem;
  border-radius: 999px;
  font-size: 0.8rem;
  font-weight: 600;
  background: ${({ $tone = 'neutral' }) =>
    ({ neutral: '#e2e8f0', success: '#dcfce7', warning: '#fef3c7', primary: '#dbeafe' })[$tone]};
  color: ${({ $tone = 'neutral' }) =>
    ({ neutral: '#1e293b', success: '#14532d', warning: '#78350f', primary: '#1e3a8a' })[$tone]};
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
