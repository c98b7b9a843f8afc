// The conformance suite on a throwaway PostgreSQL 15 cluster (the production major).
import { conformanceSuite } from './conformance';

conformanceSuite('postgres');
