/**
 * How a withdrawal freeze is lifted, in one sentence (issue 35): the freeze dialog, the frozen banner
 * and the "Withdrawals frozen" notification once said it three ways. The notification is written by
 * the database (private.member_event_words, supabase/migrations/20261125003100_describe_member_events.sql)
 * with this sentence word for word; supabase/tests/member-words.test.ts and
 * tests/e2e/client-polish.spec.ts fail if the two drift apart. Lifting is the four-eyes unfreeze
 * proposal (docs/four-eyes.md): the member asks us, two of our staff approve.
 */
export const FREEZE_LIFT_SENTENCE =
  'To lift the freeze, contact us: two members of our team must approve it.';
