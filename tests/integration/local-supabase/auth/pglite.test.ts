// The auth conformance suite on the default engine: PGlite in memory.
import { mfaSuite } from './mfa-suite';
import { authSuite } from './suite';

authSuite('pglite');
mfaSuite('pglite');
