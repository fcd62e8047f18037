import { useState } from 'react';
import { PasswordChecklist } from './password-checklist';
import { TextField, type TextFieldProps } from './text-field';
import { Icon } from '@portal/ui';

interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'adornment' | 'hint'> {
  /** A new password: the live checklist of the criteria under it. */
  checklist?: boolean;
}

/** A password input with a show/hide toggle (product §2). */
export function PasswordField({ checklist, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      hint={checklist ? <PasswordChecklist password={props.value} /> : undefined}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      adornment={
        <button
          type="button"
          className="acc-field__toggle"
          onClick={() => {
            setVisible((shown) => !shown);
          }}
          aria-label={visible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
          aria-pressed={visible}
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} weight={2} />
        </button>
      }
    />
  );
}
