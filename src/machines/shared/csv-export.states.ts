import type { CsvFile } from '../native-dashboard/csv-file';

/*
 * The `csv` region of a page that exports a CSV file (the native dashboard's breakdown, the
 * activity log). Its machine declares the actor `exportCsv` (input: what to export; output a
 * CsvFile) and the actions `saveCsv` (params `{ file }`) and `notifyExportFailed` (`{ error }`).
 */

/**
 * `input` builds the export's input from the context; `guard` may refuse EXPORT_CSV; `action`
 * runs as it starts (e.g. keeps which of the page's exports it is).
 */
export function csvExportRegion<
  TContext,
  TInput,
  TGuard extends string = never,
  TAction extends string = never,
>(input: (args: { context: TContext }) => TInput, guard?: TGuard, action?: TAction) {
  return {
    description: 'The Export CSV button: idle, or busy with one export',
    initial: 'idle',
    states: {
      idle: {
        description: 'Export is ready to start',
        on: {
          EXPORT_CSV: {
            target: 'exporting',
            ...(guard ? { guard } : {}),
            ...(action ? { actions: action } : {}),
          },
        },
      },
      exporting: {
        description: 'Export is busy until the file is saved or the export failed (a toast)',
        invoke: {
          id: 'exportCsv',
          src: 'exportCsv',
          input,
          onDone: {
            target: 'idle',
            actions: {
              type: 'saveCsv',
              params: ({ event }: { event: { output: CsvFile } }) => ({ file: event.output }),
            },
          },
          onError: {
            target: 'idle',
            actions: {
              type: 'notifyExportFailed',
              params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
            },
          },
        },
      },
    },
  } as const;
}
