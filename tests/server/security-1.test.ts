/** The security walk, part 1 of 3 (tests/server/security/walk.ts). */
import { securityTests } from './security/walk';

securityTests(1, 3);
