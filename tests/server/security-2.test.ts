/** The security walk, part 2 of 3 (tests/server/security/walk.ts). */
import { securityTests } from './security/walk';

securityTests(2, 3);
