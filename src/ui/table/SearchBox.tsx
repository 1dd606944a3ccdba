import { CloseIcon, SearchIcon } from '../icons';
import '../icon-button.css';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The accessible name, e.g. Search mailboxes. */
  label: string;
}

/** The table's search field: a magnifier, the text, and a clear button once there is text. */
export function SearchBox({ value, onChange, placeholder, label }: SearchBoxProps) {
  return (
    <div className="table-search">
      <SearchIcon className="table-search-icon" size={16} />
      <input
        type="search"
        className="input table-search-input"
        value={value}
        placeholder={placeholder}
        aria-label={label}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value !== '') {
            event.preventDefault();
            onChange('');
          }
        }}
      />
      {value !== '' && (
        <button
          type="button"
          className="icon-button table-search-clear"
          aria-label="Clear search text"
          onClick={() => onChange('')}
        >
          <CloseIcon size={14} />
        </button>
      )}
    </div>
  );
}
