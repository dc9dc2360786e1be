/** The registration checklist and strength meter: five checks, 20% each. */

export const passwordChecks = [
  { key: 'length', test: (p: string) => p.length >= 6 },
  { key: 'uppercase', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'lowercase', test: (p: string) => /[a-z]/.test(p) },
  { key: 'digit', test: (p: string) => /\d/.test(p) },
  { key: 'special', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

export type PasswordCheckKey = (typeof passwordChecks)[number]['key'];
export type PasswordStrength = 'Weak' | 'Moderate' | 'Strong';

export function checkPassword(password: string): Record<PasswordCheckKey, boolean> {
  return Object.fromEntries(passwordChecks.map((c) => [c.key, c.test(password)])) as Record<
    PasswordCheckKey,
    boolean
  >;
}

/** Share of the five checks that pass, 0–100 in steps of 20. */
export function passwordScore(password: string): number {
  return passwordChecks.filter((c) => c.test(password)).length * 20;
}

export function passwordStrength(password: string): PasswordStrength {
  const score = passwordScore(password);
  if (score === 100) return 'Strong';
  if (score >= 60) return 'Moderate';
  return 'Weak';
}
