/** Accessibility: the lender screens 2 part of the audit (tests/e2e/accessibility/audit.ts). */
import { accessibilityTests } from './accessibility/audit';

accessibilityTests('lender screens 2');
