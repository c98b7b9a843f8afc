// The conformance suite on the default engine: PGlite in memory.
import { conformanceSuite } from './conformance';

conformanceSuite('pglite');
