// RLS through every path of the stand-in on PGlite in memory.
import { rlsPathsSuite } from './suite';

rlsPathsSuite('pglite');
