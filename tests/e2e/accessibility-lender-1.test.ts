/** Accessibility: the lender screens 1 part of the audit (tests/e2e/accessibility/audit.ts). */
import { accessibilityTests } from './accessibility/audit';

accessibilityTests('lender screens 1');
