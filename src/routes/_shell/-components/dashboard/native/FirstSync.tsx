import type { DashboardFilters } from '@/api/types';

type Mailboxes = DashboardFilters['mailboxes'];

/** No mail in the period: when mailboxes are still loading, say so and show how far they are. */
export function FirstSync({ mailboxes }: { mailboxes: Mailboxes }) {
  const loading = mailboxes.filter((m) => m.status === 'loading_data');
  if (loading.length === 0) {
    return <p className="dash-empty-note">No mail in this period for these filters.</p>;
  }
  return (
    <section className="first-sync" aria-labelledby="first-sync-title">
      <h2 id="first-sync-title" className="first-sync-title">
        The first sync is running
      </h2>
      <p className="first-sync-text">
        Your figures appear here as the mail arrives. Mailboxes still loading:
      </p>
      <ul className="first-sync-list">
        {loading.map((m) => (
          <li key={m.email}>
            <span>{m.full_name || m.email}</span>
            <span className="first-sync-progress">
              {m.progress === null ? 'Starting' : `${m.progress}%`}
            </span>
            <span className="first-sync-bar" aria-hidden="true">
              <span style={{ width: `${m.progress ?? 0}%` }} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
