import { useRef, useState, type SubmitEvent } from 'react';
import { PAGE_TEXT, TERMS_PATH } from '@portal/shared-contracts';
import { MODAL_KINDS, signUpProblemField, validateSignUp, type SignUpField } from '@portal/shared-contracts/account';
import { signup } from '../auth-actions';
import { useAccountConfig } from '../../ui/account-config';
import { useAccountDispatch } from '../../store/hooks';
import { modalOpened } from '../modal-slice';
import { CaptchaField, type CaptchaHandle } from '../../ui/captcha-field';
import { FormAlert } from '../../ui/form-alert';
import { FormSwitch } from '../../ui/form-switch';
import { PasswordField } from '../../ui/password-field';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import { useFormFields } from '../../ui/use-form-fields';
import { useActionStatus } from './use-action-status';
import { useCaptchaResetOnFailure } from './use-captcha-reset-on-failure';

export const TERMS_LABEL = 'I agree to the Terms and Conditions and confirm that I am at least 18 years old.';
const TERMS_LINK_TEXT = 'Terms and Conditions';
const [TERMS_BEFORE, TERMS_AFTER] = TERMS_LABEL.split(TERMS_LINK_TEXT) as [string, string];

export function SignUpDialog() {
  const dispatch = useAccountDispatch();
  const { recaptchaSiteKey } = useAccountConfig();
  const status = useActionStatus('signup');
  const captcha = useRef<CaptchaHandle>(null);
  const {
    values: form,
    field,
    invalid,
    markInvalid,
  } = useFormFields({
    firstName: '',
    lastName: '',
    username: '',
    email: '',
    password: '',
  });
  const [agreedToTerms, setAgreedToTerms] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  useCaptchaResetOnFailure(captcha, status.error);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const problem = validateSignUp({ ...form, agreedToTerms, captchaToken });
    setMessage(problem);
    // The field the message is about: marked aria-invalid and focused, so assistive technology and the keyboard land on it.
    const problemField: SignUpField | null = problem ? signUpProblemField({ ...form, agreedToTerms, captchaToken }) : null;
    markInvalid(problemField);
    if (problemField) (event.currentTarget as HTMLFormElement).querySelector<HTMLElement>(`[name="${problemField}"]`)?.focus();
    if (problem || !captchaToken) return;
    dispatch(
      signup.pending({
        username: form.username.trim(),
        email: form.email.trim(),
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        password: form.password,
        captcha_token: captchaToken,
      }),
    );
  };

  return (
    <form className="acc-form" onSubmit={submit} noValidate aria-label={PAGE_TEXT.signUp}>
      <div className="acc-form__row">
        <TextField label="First Name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" {...field('lastName')} />
      </div>
      <TextField label="Username" autoComplete="username" autoCapitalize="off" spellCheck={false} {...field('username')} />
      <TextField label="Email Address" type="email" autoComplete="email" {...field('email')} />
      <PasswordField label="Password" autoComplete="new-password" checklist {...field('password')} />
      <label className="acc-check">
        <input
          type="checkbox"
          name="terms"
          aria-invalid={invalid('terms')}
          checked={agreedToTerms}
          onChange={(event) => {
            setAgreedToTerms(event.target.checked);
          }}
        />
        <span>
          {TERMS_BEFORE}
          <a href={TERMS_PATH} target="_blank" rel="noopener">
            {TERMS_LINK_TEXT}
          </a>
          {TERMS_AFTER}
        </span>
      </label>
      <CaptchaField ref={captcha} siteKey={recaptchaSiteKey} onToken={setCaptchaToken} />
      <FormAlert message={message} />
      <div className="acc-form__actions">
        <SubmitButton busy={status.loading}>{PAGE_TEXT.signUp}</SubmitButton>
        <FormSwitch
          prompt="Already have an account?"
          onClick={() => dispatch(modalOpened({ kind: MODAL_KINDS.signIn, props: { email: form.email.trim() || undefined } }))}
        >
          {PAGE_TEXT.signIn}
        </FormSwitch>
      </div>
    </form>
  );
}
