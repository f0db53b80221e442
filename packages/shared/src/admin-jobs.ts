/**
 * The back office's jobs page on the wire (issue 38 §2, decision 0062): each queue's depth, and the failed jobs —
 * dead letters, tried to their limit — with a retry. A failed job shows its kind, when, its tries and its last
 * error, never its data (a mail's address or text).
 */
import { z } from 'zod';

export const adminJobQueueSchema = z.object({
  name: z.string(),
  /** Jobs waiting to run, including those waiting for a retry. */
  waiting: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
  /** Age of the oldest waiting job, ms; 0 when none waits. */
  oldest_waiting_ms: z.number().int(),
});
export type AdminJobQueue = z.infer<typeof adminJobQueueSchema>;

export const adminFailedJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  /** What the job was: a mail's kind ('order confirmation') or the queue's name ('payments-reconcile'). */
  kind: z.string(),
  created_at: z.string(),
  failed_at: z.string(),
  attempts: z.number().int(),
  last_error: z.string(),
});
export type AdminFailedJob = z.infer<typeof adminFailedJobSchema>;

export const adminJobsSchema = z.object({
  queues: z.array(adminJobQueueSchema),
  /** Newest first, at most 100. */
  failed: z.array(adminFailedJobSchema),
});
export type AdminJobs = z.infer<typeof adminJobsSchema>;

export const ADMIN_JOB_MESSAGES = {
  retried: 'The job will be tried again.',
  notFound: 'No failed job has that id: it may have been retried already.',
} as const;
