// The REST conformance suite on a throwaway PostgreSQL 15 cluster (the production major).
import { restSuite } from './suite';

restSuite('postgres');
