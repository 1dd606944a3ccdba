import type { ActivityRow } from '@/machines/audit/audit.view';

const SECRET = '[secret]';

/** A value of the diff; `[secret]` as it comes, marked; a missing value as a dash. */
function Value({ value }: { value: string | null }) {
  if (value === null) return <span className="activity-diff-none">—</span>;
  return (
    <span
      className={value === SECRET ? 'activity-diff-value activity-secret' : 'activity-diff-value'}
    >
      {value}
    </span>
  );
}

/** An entry opened: its changed fields before and after, and where it came from. */
export function EntryDetails({ row }: { row: ActivityRow }) {
  return (
    <div className="activity-details">
      {row.changes.length === 0 ? (
        <p className="activity-no-changes">No fields changed.</p>
      ) : (
        <table className="activity-diff" aria-label={`Changes of ${row.operation}`}>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {row.changes.map((change) => (
              <tr key={change.key}>
                <th scope="row" title={change.key}>
                  {change.label}
                </th>
                <td className="activity-diff-before">
                  <Value value={change.before} />
                </td>
                <td className="activity-diff-after">
                  <Value value={change.after} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="activity-meta">
        <div>
          <dt>Operation</dt>
          <dd className="activity-mono">{row.operationId}</dd>
        </div>
        <div>
          <dt>Target</dt>
          <dd>
            {row.targetType}
            {row.targetName && ` · ${row.targetName}`}
          </dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd className="activity-mono">{row.address ?? 'None (not over the web)'}</dd>
        </div>
        <div className="activity-meta-wide">
          <dt>User agent</dt>
          <dd>{row.userAgent ?? 'None'}</dd>
        </div>
      </dl>
    </div>
  );
}
