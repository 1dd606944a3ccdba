import { useState } from 'react';
import type { RequestFormMachine } from '@/machines/request-form/request-form.machine';
import { ChevronRightIcon } from '@/ui/icons';
import { Page, PageHeader } from '@/ui/Page';
import { CATALOGUE, type CatalogueItem } from './catalogue';
import { IntegrationRequestDialog } from './IntegrationRequestDialog';
import './IntegrationsPage.css';

const INTEGRATIONS_SUBTITLE =
  'Connect the tools your team already uses to bring their data next to your email statistics.';

// Logo squares take turns through the palette so neighbouring tiles differ.
const TONES = ['brand', 'success', 'warning', 'danger', 'slate'] as const;

interface IntegrationsPageProps {
  /** The integration-request modal's machine, started at each opening. */
  machine: RequestFormMachine;
}

/** The integrations catalogue: each tile asks for its integration. */
export function IntegrationsPage({ machine }: IntegrationsPageProps) {
  const [requested, setRequested] = useState<CatalogueItem | null>(null);
  let index = 0;
  return (
    <Page>
      <PageHeader title="Integrations" subtitle={INTEGRATIONS_SUBTITLE} />
      {CATALOGUE.map((group) => (
        <section key={group.title} className="integration-group" aria-label={group.title}>
          <header>
            <h2 className="integration-group-title">{group.title}</h2>
            <p className="integration-group-text">{group.text}</p>
          </header>
          <ul className="integration-tiles">
            {group.items.map((integration) => (
              <li key={integration.id}>
                <button
                  type="button"
                  className="integration-tile"
                  aria-label={`Request the ${integration.name} integration`}
                  onClick={() => setRequested(integration)}
                >
                  <span
                    className="integration-logo"
                    data-tone={TONES[index++ % TONES.length]}
                    aria-hidden="true"
                  >
                    {integration.monogram}
                  </span>
                  <span className="integration-text">
                    <span className="integration-name">{integration.name}</span>
                    <span className="integration-cta" aria-hidden="true">
                      Request
                    </span>
                  </span>
                  <ChevronRightIcon className="integration-chevron" size={16} />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <IntegrationRequestDialog
        integration={requested}
        onClose={() => setRequested(null)}
        machine={machine}
      />
    </Page>
  );
}
