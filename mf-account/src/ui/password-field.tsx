import { useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';
import { Icon } from 'ui';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'adornment'>;

/** A password input with a show/hide toggle (product §2). */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
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
