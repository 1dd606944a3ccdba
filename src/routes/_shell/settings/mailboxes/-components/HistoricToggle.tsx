import { Switch } from '@/ui/Switch';

interface HistoricToggleProps {
  checked: boolean;
  onToggle: () => void;
}

/** The historic-data option: two years of past mail, or from today on. */
export function HistoricToggle({ checked, onToggle }: HistoricToggleProps) {
  return (
    <div className="historic-toggle">
      <Switch checked={checked} onCheckedChange={onToggle} label="Include historic data" />
      <p className="historic-toggle-hint">
        {checked
          ? 'Statistics include the last two years of email of these mailboxes.'
          : 'Statistics start from today. Turn this on to include the last two years of email.'}
      </p>
    </div>
  );
}
