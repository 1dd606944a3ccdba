import { Button } from '../Button';
import { TrashIcon } from '../icons';

/** The bulk action of a table's selection: opens the list's remove-confirmation modal. */
export function RemoveSelectedButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="danger" size="small" icon={<TrashIcon size={15} />} onClick={onClick}>
      {label}
    </Button>
  );
}
