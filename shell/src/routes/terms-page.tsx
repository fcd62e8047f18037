import { useBrand } from '../branding/brand-context';
import { BackToHome } from './back-to-home';

/** /terms: the Terms and Conditions the sign-up box links to; owned by the shell like the 404 page. */
export function TermsPage() {
  const brand = useBrand();
  return (
    <article className="page terms-page">
      <h1 className="page-title">Terms and Conditions</h1>
      <p>
        {brand.name} offers free browser games made by independent studios. Playing needs no account; an account adds a profile,
        favourites that follow you between devices, and a balance.
      </p>
      <h2>Who may sign up</h2>
      <p>You must be at least 18 years old to create an account, and you declare this when you sign up.</p>
      <h2>Your account</h2>
      <p>
        Keep your password to yourself and give a real email address: we use it to verify your account and to let you reset your
        password. You may stop using your account at any time.
      </p>
      <h2>The games</h2>
      <p>
        Games are hosted by their makers and load in a frame from their own sites. They are offered as they are; their
        makers&apos; own terms also apply while you play them.
      </p>
      <h2>Fair use</h2>
      <p>Do not try to break, overload or misuse the site or other players&apos; accounts.</p>
      <BackToHome />
    </article>
  );
}
