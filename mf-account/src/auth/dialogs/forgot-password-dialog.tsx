import { useState, type SubmitEvent } from 'react';
import { MODAL_KINDS, PAGE_TEXT, validateForgotPassword, type ModalProps } from 'shared-contracts';
import { forgotPassword } from '../auth-actions';
import { useAccountDispatch } from '../../store/hooks';
import { modalOpened } from '../modal-slice';
import { FormAlert } from '../../ui/form-alert';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import { useActionStatus } from './use-action-status';

export function ForgotPasswordDialog({ props }: { props: ModalProps }) {
  const dispatch = useAccountDispatch();
  const status = useActionStatus('forgotPassword');
  const [email, setEmail] = useState(props.email ?? '');
  const [message, setMessage] = useState<string | null>(null);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const problem = validateForgotPassword(email);
    setMessage(problem);
    if (!problem) dispatch(forgotPassword.pending({ email: email.trim() }));
  };

  return (
    <form className="acc-form" onSubmit={submit} noValidate aria-label="Forgot Your Password">
      <TextField label="Email Address" name="email" type="email" autoComplete="email" value={email} onValueChange={setEmail} />
      <FormAlert message={message} />
      <div className="acc-form__actions">
        <SubmitButton busy={status.loading}>Submit</SubmitButton>
        <p className="acc-form__switch">
          Remembered it?{' '}
          <button
            type="button"
            className="acc-link-button"
            onClick={() => dispatch(modalOpened({ kind: MODAL_KINDS.signIn, props: { email: email.trim() || undefined } }))}
          >
            {PAGE_TEXT.signIn}
          </button>
        </p>
      </div>
    </form>
  );
}
