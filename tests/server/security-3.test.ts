/** The security walk, part 3 of 3 (tests/server/security/walk.ts). */
import { securityTests } from './security/walk';

securityTests(3, 3);
