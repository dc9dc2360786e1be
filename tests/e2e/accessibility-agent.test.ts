/** Accessibility: the agent part of the audit (tests/e2e/accessibility/audit.ts). */
import { accessibilityTests } from './accessibility/audit';

accessibilityTests('agent');
