import { Button } from '../Button';
import { TrashIcon } from '../icons';

/** The bulk action of a table's selection: opens the list's remove-confirmation modal. */
export function RemoveSelectedButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="danger" size="small" icon={<TrashIcon size={15} />} onClick={onClick}>
      Remove
    </Button>
  );
}
