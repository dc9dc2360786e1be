import { paths } from './paths';

/** Where a role picks its business; null for roles without one. */
export function businessSelectorPathFor(role: string | null | undefined): string | null {
  if (role === 'lender') return paths.businessSelector;
  if (role === 'agent') return paths.agentBusinessSelector;
  return null;
}
