/*
 * What the admin shell loads after it has painted (AdminArea's useWorkQueue): the work queue's feed,
 * and the panel /admin/home shows with it. One dynamic import for both, so the first load of every
 * admin page carries only that import.
 */
export { watchWorkQueue } from '~/lib/admin/work-queue';
export { default as WorkQueuePanel } from './WorkQueuePanel';
