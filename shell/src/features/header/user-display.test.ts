import { avatarInitials } from './user-display';

test('initials are the first letters of up to two words, upper-case', () => {
  expect(avatarInitials('jane mary doe')).toBe('JM');
  expect(avatarInitials('Prince')).toBe('P');
  expect(avatarInitials('')).toBe('');
});
