// The realtime conformance suite on PGlite in memory.
import { realtimeSuite } from './suite';

realtimeSuite('pglite');
