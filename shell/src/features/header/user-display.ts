/** Avatar initials: first letters of up to two words, upper-case ('Ada Lovelace King' -> 'AL'). */
export function avatarInitials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}
