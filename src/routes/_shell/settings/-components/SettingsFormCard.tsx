import { useId, type ReactNode } from 'react';
import type { SettingsFormView } from '@/machines/shared/settings-form.view';
import { Button } from '@/ui/Button';
import { ErrorState } from '@/ui/ErrorState';
import { Card } from '@/ui/Page';
import { Spinner } from '@/ui/Spinner';
import './settings-forms.css';

interface SettingsFormCardProps {
  title: string;
  subtitle: ReactNode;
  /** Beside the title, e.g. a Learn more link. */
  aside?: ReactNode;
  /** What the block's machine is doing: the form shows only once it has its data. */
  form: SettingsFormView;
  loadingLabel: string;
  onRetry: () => void;
  /** Read-only blocks have no Save. */
  readOnly: boolean;
  onSave: () => void;
  children: ReactNode;
}

/** One settings block: a titled card with its form, its load states and its Save button. */
export function SettingsFormCard(props: SettingsFormCardProps) {
  const { title, subtitle, aside, form, loadingLabel, onRetry, readOnly } = props;
  const { status } = form;
  const titleId = useId();
  let body = props.children;
  if (status === 'failed') body = <ErrorState onRefresh={onRetry} />;
  if (status === 'loading') {
    body = (
      <div className="settings-loading">
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  return (
    <Card>
      <form
        className="settings-form"
        aria-labelledby={titleId}
        onSubmit={(event) => {
          event.preventDefault();
          props.onSave();
        }}
      >
        <section className="settings-section">
          <header className="settings-section-header">
            <div className="settings-section-heading">
              <h3 id={titleId} className="settings-section-title">
                {title}
              </h3>
              <p className="settings-section-text">{subtitle}</p>
            </div>
            {aside}
          </header>
          {body}
        </section>
        {!readOnly && status === 'ready' && (
          <footer className="settings-form-footer">
            <Button type="submit" busy={form.saving} disabled={!form.canSave}>
              Save
            </Button>
          </footer>
        )}
      </form>
    </Card>
  );
}
