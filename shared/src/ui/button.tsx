import styled, { css } from 'styled-components';

export type ButtonVariant =
  'default' | 'destructive' | 'outline' | 'secondary' | 'ghost' | 'link' | 'cta';
export type ButtonSize = 'default' | 'sm' | 'lg' | 'icon';

const sizes: Record<ButtonSize, ReturnType<typeof css>> = {
  default: css`
    padding: 0.55rem 1rem;
    font-size: 0.95rem;
  `,
  sm: css`
    padding: 0.35rem 0.75rem;
    font-size: 0.85rem;
  `,
  lg: css`
    padding: 0.75rem 1.5rem;
    font-size: 1.05rem;
  `,
  icon: css`
    padding: 0.5rem;
    width: 2.5rem;
    height: 2.5rem;
  `,
};

const variants: Record<ButtonVariant, ReturnType<typeof css>> = {
  default: css`
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  `,
  cta: css`
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    font-weight: 700;
  `,
  destructive: css`
    background: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.onDanger};
  `,
  outline: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.border};
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.border};
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
  `,
  link: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.primary};
    text-decoration: underline;
    padding-left: 0;
    padding-right: 0;
  `,
};

/** The design system's one button: seven variants and four sizes, so every app's buttons match. */
export const Button = styled.button<{ $variant?: ButtonVariant; $size?: ButtonSize }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius};
  font-family: inherit;
  font-weight: 600;
  cursor: pointer;
  text-decoration: none;
  ${({ $size = 'default' }) => sizes[$size]}
  ${({ $variant = 'default' }) => variants[$variant]}

  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;
