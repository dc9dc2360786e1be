import { paths } from './paths';

/** Where a role picks its business (spec part 1 §2.1); null for roles without one. */
export function businessSelectorPathFor(role: string | null | undefined): string | null {
  if (role === 'lender') return paths.businessSelector;
  if (role === 'agent') return paths.agentBusinessSelector;
  return null;
}
