import { useId } from 'react';
import { labelClass } from './Field';
import './RadioCards.css';

export interface RadioCardOption<T extends string> {
  value: T;
  label: string;
  description: string;
}

interface RadioCardsProps<T extends string> {
  legend: string;
  /** Keeps the legend for screen readers only, where the modal's title already says it. */
  hideLegend?: boolean;
  options: readonly RadioCardOption<T>[];
  /** Null while nothing is chosen yet. */
  value: T | null;
  onChange: (value: T) => void;
  /** One must be chosen: the legend gets the required mark. */
  required?: boolean;
}

/** One choice among a few, as a row of cards with a label and a description (native radios). */
export function RadioCards<T extends string>({
  legend,
  hideLegend,
  options,
  value,
  onChange,
  required,
}: RadioCardsProps<T>) {
  const name = useId();
  return (
    <fieldset className="radio-cards">
      <legend className={hideLegend ? 'visually-hidden' : labelClass(required)}>{legend}</legend>
      <div className="radio-cards-options">
        {options.map((option) => (
          <label key={option.value} className="radio-card">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span className="radio-card-text">
              <span className="radio-card-label">{option.label}</span>
              <span className="radio-card-description">{option.description}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
