// The auth conformance suite on a throwaway PostgreSQL 15 cluster (the production major).
import { mfaSuite } from './mfa-suite';
import { authSuite } from './suite';

authSuite('postgres');
mfaSuite('postgres');
