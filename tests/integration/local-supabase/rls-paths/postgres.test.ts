// RLS through every path of the stand-in on a throwaway PostgreSQL 15 cluster.
import { rlsPathsSuite } from './suite';

rlsPathsSuite('postgres');
