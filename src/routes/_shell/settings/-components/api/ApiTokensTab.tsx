import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ApiTokensInput, ApiTokensMachine } from '@/machines/api-tokens/api-tokens.machine';
import { apiTokensView, type TokenRow } from '@/machines/api-tokens/api-tokens.view';
import { sameView } from '@/machines/shared/same-view';
import { formatMoment } from '@/domain/dates';
import { Badge, type BadgeTone } from '@/ui/Badge';
import { Button } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { PlusIcon } from '@/ui/icons';
import { Card, PageHeader } from '@/ui/Page';
import { ReadOnlyNote } from '@/ui/ReadOnlyNote';
import { Spinner } from '@/ui/Spinner';
import { CreateTokenDialog } from './CreateTokenDialog';
import { RevokeTokenDialog } from './RevokeTokenDialog';
import { ShownTokenDialog } from './ShownTokenDialog';
import '../settings-forms.css';
import './api-tokens.css';

type ApiTokensActor = ActorRefFrom<ApiTokensMachine>;

const STATUS: Record<TokenRow['status'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Expired', tone: 'neutral' },
  revoked: { label: 'Revoked', tone: 'danger' },
};

// The list is read when the snapshot changes; a token expiring meanwhile shows at the next one.
const viewNow = (snapshot: Parameters<typeof apiTokensView>[0]) =>
  apiTokensView(snapshot, new Date());

function TokenRows({ actor, readOnly }: { actor: ApiTokensActor; readOnly: boolean }) {
  const { rows, revoking } = useSelector(actor, viewNow, sameView);
  if (rows.length === 0) {
    return (
      <EmptyState
        headingLevel={3}
        title="No API tokens yet"
        text="Create one for a BI tool or a script that reads your statistics."
      />
    );
  }
  return (
    <table className="api-tokens-table">
      <caption className="visually-hidden">API tokens</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Token</th>
          <th scope="col">Created</th>
          <th scope="col">Expires</th>
          <th scope="col">Last used</th>
          <th scope="col">Status</th>
          {!readOnly && (
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ token, status }) => (
          <tr key={token.id}>
            <td data-label="Name" className="api-tokens-name">
              {token.name}
            </td>
            <td data-label="Token">
              <code>{token.prefix}…</code>
            </td>
            <td data-label="Created">
              <div>
                {formatMoment(token.created_at)}
                <span className="api-tokens-by">by {token.created_by}</span>
              </div>
            </td>
            <td data-label="Expires">{formatMoment(token.expires_at)}</td>
            <td data-label="Last used">
              {token.last_used_at ? formatMoment(token.last_used_at) : 'Never'}
            </td>
            <td data-label="Status">
              <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>
            </td>
            {!readOnly && (
              <td className="api-tokens-actions">
                {status === 'active' && (
                  <Button
                    variant="secondary"
                    size="small"
                    disabled={revoking !== null}
                    aria-label={`Revoke ${token.name}`}
                    onClick={() => actor.send({ type: 'REVOKE', token })}
                  >
                    Revoke
                  </Button>
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface ApiTokensTabProps {
  machine: ApiTokensMachine;
  seed: ApiTokensInput['seed'];
  readOnly: boolean;
}

/** Settings → API: read-only tokens for the statistics API, created, listed and revoked. */
export function ApiTokensTab({ machine, seed, readOnly }: ApiTokensTabProps) {
  const actor = useActorRef(machine, { input: { seed } });
  const { status, creating, shown, confirming } = useSelector(actor, viewNow, sameView);
  const create = !readOnly && status === 'ready' && (
    <Button icon={<PlusIcon size={16} />} onClick={() => actor.send({ type: 'CREATE' })}>
      Create token
    </Button>
  );
  return (
    <>
      <PageHeader
        level={2}
        title="API"
        subtitle={
          <>
            Read-only tokens that let a BI tool or a script read this workspace&apos;s statistics
            and their CSV export. <a href="/portal/api/docs">API reference</a>
          </>
        }
        actions={create}
      />
      {readOnly && <ReadOnlyNote />}
      <Card>
        {status === 'loading' && (
          <div className="settings-loading">
            <Spinner label="Loading API tokens" />
          </div>
        )}
        {status === 'failed' && <ErrorState onRefresh={() => actor.send({ type: 'RETRY' })} />}
        {status === 'ready' && <TokenRows actor={actor} readOnly={readOnly} />}
      </Card>
      {creating && <CreateTokenDialog actor={actor} />}
      {shown && <ShownTokenDialog actor={actor} />}
      {confirming && <RevokeTokenDialog actor={actor} />}
    </>
  );
}
