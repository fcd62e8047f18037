import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './forms.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Extra content inside the input's frame, right-aligned (e.g. a show/hide button). */
  adornment?: ReactNode;
  hint?: ReactNode;
}

/** A labelled input; the label is real (clickable, read by screen readers). */
export function TextField({ label, value, onValueChange, adornment, hint, className, id, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={`acc-field ${className ?? ''}`}>
      <label className="acc-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className={`acc-field__control${adornment ? ' acc-field__control--adorned' : ''}`}>
        <input
          id={inputId}
          className="acc-field__input"
          value={value}
          onChange={(event) => {
            onValueChange(event.target.value);
          }}
          aria-describedby={hintId}
          {...inputProps}
        />
        {adornment}
      </div>
      {hint ? (
        <div className="acc-field__hint" id={hintId}>
          {hint}
        </div>
      ) : null}
    </div>
  );
}
