// No-stalls checks on a throwaway PostgreSQL 15 cluster: statement_timeout cancels, the pool carries on.
import { stallSuite } from './suite';

stallSuite('postgres');
