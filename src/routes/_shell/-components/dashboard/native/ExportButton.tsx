/** A dashboard card's export: its label, or "Exporting…" (disabled) while the file is made. */
export function ExportButton({
  label,
  onExport,
  exporting,
}: {
  label: string;
  onExport: () => void;
  exporting: boolean;
}) {
  return (
    <button
      type="button"
      className="btn btn-secondary btn-small"
      onClick={onExport}
      disabled={exporting}
    >
      {exporting ? 'Exporting…' : label}
    </button>
  );
}
