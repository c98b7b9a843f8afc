// The realtime conformance suite on a throwaway PostgreSQL 15 cluster.
import { realtimeSuite } from './suite';

realtimeSuite('postgres');
