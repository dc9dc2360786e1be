// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkPassword, passwordScore, passwordStrength } from '../../src/domain/password-strength';

describe('password checklist and strength (spec "Validation rules")', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abc', 20, 'Weak'],
    ['abcdef', 40, 'Weak'],
    ['Abcdef', 60, 'Moderate'],
    ['Abcdef1', 80, 'Moderate'],
    ['Abcdef1!', 100, 'Strong'],
    ['ABC1!', 60, 'Moderate'],
  ])('%j scores %i (%s)', (password, score, strength) => {
    expect(passwordScore(password)).toBe(score);
    expect(passwordStrength(password)).toBe(strength);
  });

  it('names each check', () => {
    expect(checkPassword('a1!')).toEqual({
      length: false,
      uppercase: false,
      lowercase: true,
      digit: true,
      special: true,
    });
  });
});
