import { useRef, useState, type SubmitEvent } from 'react';
import { MODAL_KINDS, PAGE_TEXT, signUpProblemField, TERMS_PATH, validateSignUp, type SignUpField } from 'shared-contracts';
import { signup } from '../auth-actions';
import { useAccountConfig } from '../../ui/account-config';
import { useAccountDispatch } from '../../store/hooks';
import { modalOpened } from '../modal-slice';
import { CaptchaField, type CaptchaHandle } from '../../ui/captcha-field';
import { FormAlert } from '../../ui/form-alert';
import { PasswordChecklist } from '../../ui/password-checklist';
import { PasswordField } from '../../ui/password-field';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
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
  const [form, setForm] = useState({ firstName: '', lastName: '', username: '', email: '', password: '' });
  const [agreedToTerms, setAgreedToTerms] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // The field the message is about: marked aria-invalid and focused (issue 12).
  const [invalidField, setInvalidField] = useState<SignUpField | null>(null);
  const invalid = (field: SignUpField) => (invalidField === field ? true : undefined);
  useCaptchaResetOnFailure(captcha, status.error);

  const set = (field: keyof typeof form) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const problem = validateSignUp({ ...form, agreedToTerms, captchaToken });
    setMessage(problem);
    const field = problem ? signUpProblemField({ ...form, agreedToTerms, captchaToken }) : null;
    setInvalidField(field);
    if (field) (event.currentTarget as HTMLFormElement).querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
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
        <TextField
          label="First Name"
          name="firstName"
          aria-invalid={invalid('firstName')}
          autoComplete="given-name"
          value={form.firstName}
          onValueChange={set('firstName')}
        />
        <TextField
          label="Last Name"
          name="lastName"
          aria-invalid={invalid('lastName')}
          autoComplete="family-name"
          value={form.lastName}
          onValueChange={set('lastName')}
        />
      </div>
      <TextField
        label="Username"
        name="username"
        aria-invalid={invalid('username')}
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        value={form.username}
        onValueChange={set('username')}
      />
      <TextField
        label="Email Address"
        name="email"
        aria-invalid={invalid('email')}
        type="email"
        autoComplete="email"
        value={form.email}
        onValueChange={set('email')}
      />
      <PasswordField
        label="Password"
        name="password"
        aria-invalid={invalid('password')}
        autoComplete="new-password"
        value={form.password}
        onValueChange={set('password')}
        hint={<PasswordChecklist password={form.password} />}
      />
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
        <p className="acc-form__switch">
          Already have an account?{' '}
          <button
            type="button"
            className="acc-link-button"
            onClick={() => dispatch(modalOpened({ kind: MODAL_KINDS.signIn, props: { email: form.email.trim() || undefined } }))}
          >
            {PAGE_TEXT.signIn}
          </button>
        </p>
      </div>
    </form>
  );
}
