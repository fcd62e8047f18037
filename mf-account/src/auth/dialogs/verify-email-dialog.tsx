import { useState, type SubmitEvent } from 'react';
import { validateForgotPassword, validateVerificationCode, type ModalProps } from '@portal/shared-contracts/account';
import { resendVerification, verifyEmail } from '../auth-actions';
import { useAccountDispatch } from '../../store/hooks';
import { useAuthSelector } from '../auth-state';
import { FormAlert } from '../../ui/form-alert';
import { FormSwitch } from '../../ui/form-switch';
import { SubmitButton } from '../../ui/submit-button';
import { useFormFields } from '../../ui/use-form-fields';
import { CodeField, EmailField } from './code-fields';
import { useActionStatus } from './use-action-status';

/** Email Verification: the code from the mail; errors also in red text (product §8). */
export function VerifyEmailDialog({ props }: { props: ModalProps }) {
  const dispatch = useAccountDispatch();
  const status = useActionStatus('verifyEmail');
  const resending = useAuthSelector((state) => state.auth.resendVerification.loading);
  // Opened after a username sign-in, the address is unknown: ask for it.
  const { values, field } = useFormFields({ email: props.email ?? '', verification_code: '' });
  const { email, verification_code: code } = values;
  const [message, setMessage] = useState<string | null>(null);

  const emailProblem = () => (props.email ? null : validateForgotPassword(email));

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const problem = validateVerificationCode(code) ?? emailProblem();
    setMessage(problem);
    if (!problem) dispatch(verifyEmail.pending({ email: email.trim(), verification_code: code.trim() }));
  };

  const resend = () => {
    const problem = emailProblem();
    setMessage(problem);
    if (!problem) dispatch(resendVerification.pending({ email: email.trim() }));
  };

  return (
    <form className="acc-form" onSubmit={submit} noValidate aria-label="Email Verification">
      {props.email ? null : <EmailField {...field('email')} />}
      <CodeField {...field('verification_code')} />
      <FormAlert message={message ?? status.error} />
      <div className="acc-form__actions">
        <SubmitButton busy={status.loading}>Verify Email</SubmitButton>
        <FormSwitch prompt="Didn't get it?" onClick={resend} disabled={resending}>
          Resend code
        </FormSwitch>
      </div>
    </form>
  );
}
