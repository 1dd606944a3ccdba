import { InfoIcon } from './icons';
import './ReadOnlyNote.css';

/** Says why a read-only feature shows no editing controls. */
export function ReadOnlyNote() {
  return (
    <p className="read-only-note">
      <InfoIcon size={18} />
      These settings are read-only for your workspace. Contact your Customer Success Manager to
      change them.
    </p>
  );
}
