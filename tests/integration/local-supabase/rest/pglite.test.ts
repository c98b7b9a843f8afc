// The REST conformance suite on the default engine: PGlite in memory.
import { restSuite } from './suite';

restSuite('pglite');
