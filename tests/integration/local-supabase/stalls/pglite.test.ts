// No-stalls checks on the default engine: PGlite in memory.
import { stallSuite } from './suite';

stallSuite('pglite');
