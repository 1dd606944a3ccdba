import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { isEmail } from '@common/patterns';
import type { StageProps } from './StageSteps';
import { Button, buttonClassName } from '@/ui/Button';
import { describedBy, Field } from '@/ui/Field';
import { Card } from '@/ui/Page';
import { mailboxCount, mailboxLimitText } from './add-mailboxes-texts';
import { HistoricToggle } from './HistoricToggle';

const HINT = 'Separate addresses with spaces, commas, semicolons or new lines.';

/** Stage 1: the addresses to validate, shown as chips (invalid ones in red), and the options. */
export function AddressEntry({ actor, view }: StageProps) {
  const id = useId();
  const { text, addresses, historic, remaining, canValidate } = view;
  const overLimit = view.enteredOverLimit;
  const limitError = overLimit ? mailboxLimitText(addresses.length, remaining) : undefined;

  return (
    <Card>
      <form
        className="add-mailboxes-body"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'VALIDATE' });
        }}
      >
        <Field id={id} label="Mailbox addresses" hint={HINT} error={limitError}>
          <textarea
            id={id}
            className="input add-mailboxes-textarea"
            value={text}
            rows={5}
            placeholder="ann@company.com, ben@company.com"
            aria-invalid={overLimit || undefined}
            aria-describedby={describedBy(id, { hint: HINT, error: limitError })}
            onChange={(event) => actor.send({ type: 'EDIT', text: event.target.value })}
          />
        </Field>
        <AddressChips addresses={addresses} />
        <HistoricToggle
          checked={historic}
          onToggle={() => actor.send({ type: 'TOGGLE_HISTORIC' })}
        />
        <div className="add-mailboxes-footer">
          <p className="add-mailboxes-slots">
            {remaining === 1 ? '1 slot remaining' : `${remaining} slots remaining`}
          </p>
          <div className="add-mailboxes-actions">
            <Link to="/settings/mailboxes" className={buttonClassName({ variant: 'secondary' })}>
              Cancel
            </Link>
            <Button type="submit" disabled={!canValidate}>
              Validate mailboxes
            </Button>
          </div>
        </div>
      </form>
    </Card>
  );
}

/** The entered addresses as chips, invalid ones in red, so typos show before validating. */
function AddressChips({ addresses }: { addresses: string[] }) {
  if (addresses.length === 0) return null;
  const invalidCount = addresses.filter((address) => !isEmail(address)).length;
  return (
    <div className="address-chips-block">
      <p className="address-chips-summary">
        {mailboxCount(addresses.length)}
        {invalidCount > 0 && (
          <span className="address-chips-invalid-count"> · {invalidCount} not valid</span>
        )}
      </p>
      <ul className="address-chips" aria-label="Addresses to validate">
        {addresses.map((address, index) => (
          <AddressChip key={`${index}-${address}`} address={address} />
        ))}
      </ul>
    </div>
  );
}

function AddressChip({ address }: { address: string }) {
  const valid = isEmail(address);
  return (
    <li className={valid ? 'address-chip' : 'address-chip address-chip-invalid'} data-valid={valid}>
      {address}
      {!valid && <span className="visually-hidden"> (not a valid email address)</span>}
    </li>
  );
}
