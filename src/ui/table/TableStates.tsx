import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { SearchIcon } from '../icons';

/** The generic state of a search that matches nothing, on any of the settings tables. */
export function NoMatchesState({ query, onClear }: { query: string; onClear: () => void }) {
  return (
    <EmptyState
      headingLevel={3}
      icon={<SearchIcon size={26} />}
      title="No mailboxes, users or teams found"
      text={`Nothing matches “${query.trim()}”. Check the spelling or try another search.`}
      action={
        <Button variant="secondary" onClick={onClear}>
          Clear search
        </Button>
      }
    />
  );
}
