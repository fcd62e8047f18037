import { useState, type SubmitEvent } from 'react';
import { validateForgotPassword, validateResetPassword, type ModalProps } from '@portal/shared-contracts/account';
import { resetPassword } from '../auth-actions';
import { useAccountDispatch } from '../../store/hooks';
import { FormAlert } from '../../ui/form-alert';
import { PasswordField } from '../../ui/password-field';
import { SubmitButton } from '../../ui/submit-button';
import { useFormFields } from '../../ui/use-form-fields';
import { CodeField, EmailField } from './code-fields';
import { useActionStatus } from './use-action-status';

/** Reset Password: code, new password, retype, checklist; errors also in red text (product §8). */
export function ResetPasswordDialog({ props }: { props: ModalProps }) {
  const dispatch = useAccountDispatch();
  const status = useActionStatus('resetPassword');
  const { values, field } = useFormFields({ email: props.email ?? '', reset_code: '', new_password: '', confirm_password: '' });
  const { email, reset_code: code, new_password: newPassword, confirm_password: confirmPassword } = values;
  const [message, setMessage] = useState<string | null>(null);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const problem =
      validateResetPassword({ code, newPassword, confirmPassword }) ?? (props.email ? null : validateForgotPassword(email));
    setMessage(problem);
    if (!problem) dispatch(resetPassword.pending({ email: email.trim(), reset_code: code.trim(), new_password: newPassword }));
  };

  return (
    <form className="acc-form" onSubmit={submit} noValidate aria-label="Reset Password">
      {props.email ? null : <EmailField {...field('email')} />}
      <CodeField {...field('reset_code')} />
      <PasswordField label="New Password" autoComplete="new-password" checklist {...field('new_password')} />
      <PasswordField label="Retype Password" autoComplete="new-password" {...field('confirm_password')} />
      <FormAlert message={message ?? status.error} />
      <div className="acc-form__actions">
        <SubmitButton busy={status.loading}>Reset Password</SubmitButton>
      </div>
    </form>
  );
}
