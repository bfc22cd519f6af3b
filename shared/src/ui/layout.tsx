import styled, { css } from 'styled-components';
import type { Space } from '../theme/theme';

/**
 * Layout primitives: each one owns the spacing between its children (a `gap` from the theme's
 * spacing scale), so children need no margins of their own and pages need no inline styles.
 * Stack, Cluster and Grid zero their direct children's outer margins for that reason.
 */

type Align = 'start' | 'center' | 'end' | 'stretch' | 'baseline';
type Justify = 'start' | 'center' | 'end' | 'space-between';

const ownsChildSpacing = css`
  & > * {
    margin: 0;
  }
`;

const gapOf =
  (fallback: Space) =>
  ({ $gap = fallback, theme }: { $gap?: Space; theme: { space: Record<Space, string> } }) =>
    theme.space[$gap];

export interface StackProps {
  /** Space between children, from the theme's scale (default `md`). */
  $gap?: Space;
  $align?: Align;
}

const stack = css<StackProps>`
  display: flex;
  flex-direction: column;
  gap: ${gapOf('md')};
  align-items: ${({ $align = 'stretch' }) => $align};
  ${ownsChildSpacing}
`;

/** Children one under another, `$gap` apart. */
export const Stack = styled.div<StackProps>`
  ${stack}
`;

export interface ClusterProps {
  /** Space between children, from the theme's scale (default `sm`). */
  $gap?: Space;
  $align?: Align;
  $justify?: Justify;
  /** Keep every child on one line (default: wrap onto the next line when narrow). */
  $nowrap?: boolean;
}

/** Children side by side, wrapping onto new lines on narrow screens: toolbars, button rows, tags. */
export const Cluster = styled.div<ClusterProps>`
  display: flex;
  flex-wrap: ${({ $nowrap }) => ($nowrap ? 'nowrap' : 'wrap')};
  gap: ${gapOf('sm')};
  align-items: ${({ $align = 'center' }) => $align};
  justify-content: ${({ $justify = 'start' }) => $justify};
  ${ownsChildSpacing}
`;

export interface GridProps {
  $gap?: Space;
  /**
   * The narrowest a column may get: as many columns as fit, each at least this wide, so the
   * grid goes down to one column on a phone with no media query (default `16rem`).
   */
  $min?: string;
  /** An explicit `grid-template-columns` instead, e.g. `max-content 1fr` for a term list. */
  $columns?: string;
}

/** A responsive grid of equal columns (cards, panels) or, with `$columns`, a fixed template. */
export const Grid = styled.div<GridProps>`
  display: grid;
  gap: ${gapOf('lg')};
  grid-template-columns: ${({ $columns, $min = '16rem' }) =>
    $columns ?? `repeat(auto-fill, minmax(min(${$min}, 100%), 1fr))`};
  ${ownsChildSpacing}
`;

/** Takes the free space in a Cluster, pushing what follows it to the far end. */
export const Spacer = styled.span`
  flex: 1 1 auto;
`;

/** A list without bullets or indent, its items a Stack `$gap` apart. */
export const PlainList = styled.ul<StackProps>`
  ${stack}
  list-style: none;
  padding: 0;
`;

/** A list without bullets or indent whose items sit side by side and wrap: tags, skills, chips. */
export const InlineList = styled.ul<ClusterProps>`
  display: flex;
  flex-wrap: wrap;
  gap: ${gapOf('sm')};
  align-items: ${({ $align = 'center' }) => $align};
  justify-content: ${({ $justify = 'start' }) => $justify};
  list-style: none;
  padding: 0;
  ${ownsChildSpacing}
`;

/** Terms and their values in two aligned columns (`<dt>` then `<dd>`); a `<div>` may wrap a pair. */
export const TermList = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.lg}`};
  margin: 0;
  > div {
    display: contents;
  }
  dd {
    margin: 0;
  }
`;

export interface TextProps {
  $size?: 'sm' | 'md' | 'lg' | 'xl';
  $weight?: 400 | 600 | 700;
  $align?: 'start' | 'center' | 'end';
  $muted?: boolean;
  /** Keep the author's line breaks (descriptions typed into a textarea). */
  $preLine?: boolean;
  /** Break long unspaced strings (URLs, ids) anywhere rather than overflow. */
  $breakAnywhere?: boolean;
  /** No outer margin (a `<p>`'s or a `<dd>`'s own), where the parent does not own the spacing. */
  $flush?: boolean;
}

const textSizes = { sm: '0.9rem', md: '1rem', lg: '1.15rem', xl: '1.75rem' } as const;

/** A paragraph (or, with `as`, any text element) with its size, weight and tone from props. */
export const Text = styled.p<TextProps>`
  ${({ $size }) => ($size ? `font-size: ${textSizes[$size]};` : '')}
  ${({ $weight }) => ($weight ? `font-weight: ${$weight};` : '')}
  ${({ $align }) => ($align ? `text-align: ${$align};` : '')}
  ${({ $preLine }) => ($preLine ? 'white-space: pre-line;' : '')}
  ${({ $breakAnywhere }) => ($breakAnywhere ? 'overflow-wrap: anywhere;' : '')}
  ${({ $muted, theme }) => ($muted ? `color: ${theme.colors.mutedText};` : '')}
  ${({ $flush }) => ($flush ? 'margin: 0;' : '')}
`;

export interface FieldGroupProps {
  /** Options side by side, wrapping when narrow (default: one option per line). */
  $inline?: boolean;
}

/**
 * A borderless fieldset whose legend reads as a field label, for radio and checkbox groups: its
 * option labels go one per line, or side by side with `$inline`.
 */
export const FieldGroup = styled.fieldset<FieldGroupProps>`
  border: 0;
  padding: 0;
  margin: 0 0 ${({ theme }) => theme.space.lg};
  min-width: 0;
  > legend {
    font-weight: 600;
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.sm};
  }
  > label {
    display: ${({ $inline }) => ($inline ? 'inline-block' : 'block')};
    margin: ${({ $inline, theme }) =>
      $inline ? `0 ${theme.space.xl} ${theme.space.xs} 0` : `0 0 ${theme.space.xs}`};
  }
`;
