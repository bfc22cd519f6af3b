import styled from 'styled-components';

/** Avatar initials: first letters of up to two words, upper-case ('Ada Lovelace King' -> 'AL'). */
export function avatarInitials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

const SIZES = { sm: '2.25rem', md: '3rem', lg: '6rem' } as const;

const Circle = styled.span<{ $size: string }>`
  flex: none;
  display: grid;
  place-items: center;
  width: ${({ $size }) => $size};
  height: ${({ $size }) => $size};
  border-radius: 50%;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 700;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

export interface ProfileAvatarProps {
  name: string;
  src?: string | null;
  size?: keyof typeof SIZES;
  /**
   * Alternative text of the photo. Leave empty (the default) where the name is written beside the
   * picture, so screen readers do not read it twice.
   */
  alt?: string;
}

/** A user's photo from the public avatars bucket, or their initials until they upload one. */
export function ProfileAvatar({ name, src, size = 'md', alt = '' }: ProfileAvatarProps) {
  return (
    <Circle $size={SIZES[size]} aria-hidden={src && alt ? undefined : true}>
      {src ? <img src={src} alt={alt} /> : avatarInitials(name)}
    </Circle>
  );
}
