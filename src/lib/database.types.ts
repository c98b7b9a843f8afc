// Placeholder until the schema generator (npm run db:types) writes this file from the migrations.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replaced by generated types
export type Database = any;
