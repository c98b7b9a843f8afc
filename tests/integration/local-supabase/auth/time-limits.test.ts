// Expiries and windows of the local auth at their boundaries, on both engines (PGlite, PostgreSQL 15):
// the database compares backdated rows with its own clock, and each engine's clock arithmetic counts.
import { rateWindowsSuite, timeLimitsSuite } from './time-limits';

timeLimitsSuite('pglite');
rateWindowsSuite('pglite');
timeLimitsSuite('postgres');
