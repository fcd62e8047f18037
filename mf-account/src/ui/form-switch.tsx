import type { ReactNode } from 'react';

/** The line under a form's submit button that moves to another dialog ("New here? Sign Up"). */
export function FormSwitch({
  prompt,
  onClick,
  disabled,
  children,
}: {
  prompt: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <p className="acc-form__switch">
      {prompt}{' '}
      <button type="button" className="acc-link-button" onClick={onClick} disabled={disabled}>
        {children}
      </button>
    </p>
  );
}
