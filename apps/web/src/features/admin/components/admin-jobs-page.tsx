import type { AdminFailedJob, AdminJobQueue, AdminJobs } from '@store/shared/admin-jobs';
import { ApiError } from '@/lib/api-client';
import { useAdminJobs, useRetryAdminJob } from '../api/admin-jobs';
import { sydneyDateTime } from '../admin-format';
import { AdminLoadState } from './admin-load-state';
import { useAdminTitle } from './use-admin-title';

/**
 * /admin/jobs (issue 38 §2, decision 0062): the work the store does after answering — mails, the daily low-stock
 * report, payment reconciliation — as queues with their depth, and the jobs that failed every try (dead letters)
 * with what they were, when, how often they were tried and the last error, each with a Retry button.
 */
export function AdminJobsPage() {
  useAdminTitle('Jobs');
  const jobs = useAdminJobs();
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">Jobs</h1>
      <AdminLoadState query={jobs} what="jobs">
        {(data) => <JobsTables data={data} />}
      </AdminLoadState>
    </section>
  );
}

function JobsTables({ data }: { data: AdminJobs }) {
  // Here, not in the table: the last failed job retried leaves the table, and its message must stay.
  const retry = useRetryAdminJob();
  return (
    <>
      <h2>Failed jobs</h2>
      {data.failed.length === 0 ? (
        <p>No job has failed: every mail and scheduled run went through.</p>
      ) : (
        <FailedJobs jobs={data.failed} retry={retry} />
      )}
      <p role="status">
        {retry.data?.message ??
          (retry.error
            ? retry.error instanceof ApiError
              ? retry.error.message
              : 'The job was not retried.'
            : '')}
      </p>
      <h2>Queues</h2>
      <Queues queues={data.queues} />
    </>
  );
}

function FailedJobs({ jobs, retry }: { jobs: AdminFailedJob[]; retry: ReturnType<typeof useRetryAdminJob> }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption>{`Failed jobs (${jobs.length})`}</caption>
        <thead>
          <tr>
            <th scope="col">Job</th>
            <th scope="col">Failed</th>
            <th scope="col">Tries</th>
            <th scope="col">Last error</th>
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.id}>
              <th scope="row">{job.kind}</th>
              <td data-label="Failed">{sydneyDateTime(job.failed_at)}</td>
              <td data-label="Tries">{job.attempts}</td>
              <td data-label="Last error">{job.last_error}</td>
              <td>
                <button
                  type="button"
                  className="button admin-button--secondary"
                  disabled={retry.isPending}
                  aria-label={`Retry ${job.kind} (failed ${sydneyDateTime(job.failed_at)})`}
                  onClick={() => retry.mutate(job.id)}
                >
                  Retry
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Queues({ queues }: { queues: AdminJobQueue[] }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption>Queues</caption>
        <thead>
          <tr>
            <th scope="col">Queue</th>
            <th scope="col">Waiting</th>
            <th scope="col">Running</th>
            <th scope="col">Failed</th>
            <th scope="col">Oldest waiting</th>
          </tr>
        </thead>
        <tbody>
          {queues.map((q) => (
            <tr key={q.name}>
              <th scope="row">{q.name}</th>
              <td data-label="Waiting">{q.waiting}</td>
              <td data-label="Running">{q.active}</td>
              <td data-label="Failed">{q.failed}</td>
              <td data-label="Oldest waiting">{q.waiting > 0 ? age(q.oldest_waiting_ms) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 'under a minute', '5 min', '3 h 20 min'. */
function age(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
