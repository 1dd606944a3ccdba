/**
 * Server variants for the business hours, metric adjustments, contact groups and integrations
 * specs: those features read-only, or switched off. Integrations belong to the alerts feature.
 */
import { featureSet, runCli } from './operator-cli';
import { startFreshServer, templateDir } from './server';
import { withDemoSessions } from './sign-in';

const FEATURES = ['business_hours', 'metric_adjustments', 'contact_groups', 'alerts'] as const;

const startWith = async (name: string, flags: { enabled?: boolean; readOnly?: boolean }) =>
  withDemoSessions(
    await startFreshServer(name, templateDir, {
      prepare: async (dataDir) => {
        await runCli(
          dataDir,
          FEATURES.map((feature) => featureSet(feature, flags)),
        );
      },
    }),
  );

/** Business hours, metric adjustments, contact groups and alerts on, but read-only. */
export const startReadOnlySettingsServer = (name: string) =>
  startWith(`${name}-settings-read-only`, { readOnly: true });

/** Business hours, metric adjustments, contact groups and alerts (so integrations) off. */
export const startSettingsOffServer = (name: string) =>
  startWith(`${name}-settings-off`, { enabled: false });
