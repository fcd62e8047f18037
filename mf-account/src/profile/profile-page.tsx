import { PAGE_TEXT } from '@portal/shared-contracts';
import { MODAL_KINDS } from '@portal/shared-contracts/account';
import { userInfo } from './profile-actions';
import { modalOpened } from '../auth';
import { useSignedIn } from '../session';
import { useAccountDispatch } from '../store/hooks';
import { selectUser, useProfileSelector } from './profile-state';
import { BalanceCard } from './balance-card';
import { PasswordForm } from './password-form';
import { PictureCard } from './picture-card';
import { ProfileForm } from './profile-form';
import { Icon } from '@portal/ui';
import './profile.css';

/** /profile: the player's picture, details, password and balance; signed out, an invitation. */
export function ProfilePage() {
  const signedIn = useSignedIn();
  return <div className="page acc-profile">{signedIn ? <SignedInProfile /> : <SignInPrompt />}</div>;
}

function SignedInProfile() {
  const dispatch = useAccountDispatch();
  const user = useProfileSelector(selectUser);
  const { loading, error } = useProfileSelector(
    (state) => ({ loading: state.profile.loading, error: state.profile.error }),
    shallowEqualPair,
  );

  if (!user) {
    if (error && !loading) {
      return (
        <>
          <h1 className="page-title">{PAGE_TEXT.profile}</h1>
          <div className="acc-card acc-profile__state" role="alert">
            <p>{error}</p>
            <button type="button" className="button button--primary" onClick={() => dispatch(userInfo.pending())}>
              Try again
            </button>
          </div>
        </>
      );
    }
    return <ProfileSkeleton />;
  }

  return (
    <>
      <h1 className="page-title">{PAGE_TEXT.profile}</h1>
      <div className="acc-profile__layout">
        <aside className="acc-profile__aside">
          <PictureCard user={user} />
          <BalanceCard />
        </aside>
        <div className="acc-profile__main">
          <ProfileForm user={user} />
          <PasswordForm />
        </div>
      </div>
    </>
  );
}

function shallowEqualPair(a: { loading: boolean; error: string | null }, b: { loading: boolean; error: string | null }) {
  return a.loading === b.loading && a.error === b.error;
}

function ProfileSkeleton() {
  return (
    <>
      <h1 className="page-title">{PAGE_TEXT.profile}</h1>
      <div className="acc-profile__layout" role="status" aria-label="Loading your profile">
        <aside className="acc-profile__aside">
          <div className="acc-card acc-skeleton-card">
            <span className="acc-skeleton acc-skeleton--circle" />
            <span className="acc-skeleton acc-skeleton--line" />
            <span className="acc-skeleton acc-skeleton--line acc-skeleton--short" />
          </div>
        </aside>
        <div className="acc-profile__main">
          <div className="acc-card acc-skeleton-card acc-skeleton-card--wide">
            {Array.from({ length: 6 }, (_, index) => (
              <span key={index} className="acc-skeleton acc-skeleton--field" />
            ))}
          </div>
        </div>
      </div>
    </>
  );
}

function SignInPrompt() {
  const dispatch = useAccountDispatch();
  return (
    <section className="acc-card acc-profile__prompt" aria-labelledby="acc-prompt-title">
      <div className="acc-profile__prompt-art" aria-hidden="true">
        <Icon name="lock" size={40} weight={1.8} />
      </div>
      <h1 className="acc-profile__prompt-title" id="acc-prompt-title">
        Sign in to see your profile
      </h1>
      <p className="acc-profile__prompt-text">
        Your picture, details and coin balance live here. Playing stays free, with or without an account.
      </p>
      <div className="acc-profile__prompt-actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => dispatch(modalOpened({ kind: MODAL_KINDS.signIn }))}
        >
          {PAGE_TEXT.signIn}
        </button>
        <button type="button" className="button" onClick={() => dispatch(modalOpened({ kind: MODAL_KINDS.signUp }))}>
          Create an account
        </button>
      </div>
    </section>
  );
}
