import { useState } from 'react';

/** What a TextField / PasswordField needs from the form: its name, value, change handler and invalid mark. */
export interface FieldBinding {
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  'aria-invalid': true | undefined;
}

/**
 * A form's text values keyed by field name, and the binding each field spreads. The field a
 * message is about (set with markInvalid) carries aria-invalid; `onEdit` runs on every change.
 */
export function useFormFields<F extends string>(initial: Record<F, string> | (() => Record<F, string>), onEdit?: () => void) {
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [invalidField, markInvalid] = useState<string | null>(null);
  const invalid = (name: string) => (invalidField === name ? true : undefined);
  const field = (name: F): FieldBinding => ({
    name,
    value: values[name],
    onValueChange: (value) => {
      setValues((current) => ({ ...current, [name]: value }));
      onEdit?.();
    },
    'aria-invalid': invalid(name),
  });
  return { values, setValues, field, invalid, markInvalid };
}
