// The auth conformance suite on a throwaway PostgreSQL 15 cluster (the production major).
import { authSuite } from './suite';

authSuite('postgres');
