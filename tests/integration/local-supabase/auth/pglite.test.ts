// The auth conformance suite on the default engine: PGlite in memory.
import { authSuite } from './suite';

authSuite('pglite');
