import { Link } from 'react-router-dom';
import { LIBRARY_STORAGE_KEYS, STORAGE_KEYS, TERMS_PATH } from '@portal/shared-contracts';
import { DEVICE_ID_KEY } from '@portal/shared-contracts/play-data';
import { useBrand } from '../branding/brand-context';
import { BackToHome } from './back-to-home';

/**
 * What the site keeps in the browser's local storage. The keys come from the code that writes
 * them, so the page cannot name a key the site no longer uses (privacy-page.test.tsx checks that
 * every key is here).
 */
const DEVICE_KEYS: readonly { keys: readonly string[]; what: string; until: string }[] = [
  {
    keys: [DEVICE_ID_KEY],
    what: 'A random id made by your browser. It counts a play once and keeps one vote per game; it does not name you, and our servers only keep a keyed hash of it.',
    until: 'until you clear the site’s data',
  },
  {
    keys: [STORAGE_KEYS.gameId, STORAGE_KEYS.gameLink, STORAGE_KEYS.gameName, STORAGE_KEYS.gameImage, STORAGE_KEYS.gameCategory],
    what: 'The last game you opened, so a reload plays the same game.',
    until: 'until you open another game or clear the site’s data',
  },
  {
    keys: [LIBRARY_STORAGE_KEYS.recentlyPlayed, LIBRARY_STORAGE_KEYS.favourites],
    what: 'Your recently played games and your favourites (game ids and when), shown on Home.',
    until: 'until you clear the site’s data; signed in, they also follow your account',
  },
  {
    keys: [STORAGE_KEYS.token, STORAGE_KEYS.refreshToken],
    what: 'Your sign-in, while you are signed in.',
    until: 'until you sign out, or the session ends (at the latest 30 days after signing in)',
  },
];

/** /privacy: what the site keeps on the device and on its servers, and for how long; linked from the footer. */
export function PrivacyPage() {
  const brand = useBrand();
  return (
    <article className="page terms-page privacy-page">
      <h1 className="page-title">Privacy</h1>
      <p>
        {brand.name} shows no ads and loads no third-party trackers or analytics. Playing needs no account. This page says what
        the site keeps, where and for how long.
      </p>

      <h2>On your device</h2>
      <p>No cookies while you browse and play. The site keeps these in your browser’s local storage:</p>
      <ul className="privacy-page__list">
        {DEVICE_KEYS.map(({ keys, what, until }) => (
          <li key={keys[0]}>
            {keys.map((key, index) => (
              <span key={key}>
                {index > 0 && ', '}
                <code>{key}</code>
              </span>
            ))}
            : {what} Kept {until}.
          </li>
        ))}
      </ul>
      <p>
        While we try a new version of the site on a share of visitors, your browser may get one cookie, <code>portal_cohort</code>
        , so every page you open comes from the same version; it holds only that choice and lasts at most 30 days.
      </p>

      <h2>On our servers</h2>
      <ul className="privacy-page__list">
        <li>
          <strong>Your account</strong>, if you make one: username, email address, your password as a salted scrypt hash (never
          the password itself), the profile fields you fill in, your picture and your balance. Kept while the account exists. An
          account whose email is never verified is deleted after 7 days.
        </li>
        <li>
          <strong>Sign-in sessions</strong>: kept until they expire (14 days without use, 30 days at most) or you sign out, then
          deleted within a day. Verification and reset codes last 24 hours and 15 minutes and are then deleted.
        </li>
        <li>
          <strong>Mail we send you</strong> (codes, links): kept for 7 days after sending, then deleted.
        </li>
        <li>
          <strong>Pictures</strong>: an uploaded picture you do not save as your profile picture is deleted after an hour.
        </li>
        <li>
          <strong>Plays</strong>: how many times each game was played on each day, with nothing about who played. To count your
          play once, the hashed device id and the game are kept for 30 minutes.
        </li>
        <li>
          <strong>Likes and dislikes</strong>: the hashed device id, the game and your vote, deleted a year after you last changed
          it.
        </li>
        <li>
          <strong>Reports of a broken game</strong>: the hashed device id, the game, the day, the reason and what you write, so we
          can fix the game. Deleted after 90 days.
        </li>
        <li>
          <strong>Limits against scripted counting</strong>: for each game and day, a keyed hash of your network address (never
          the address itself) and how many plays, likes and reports came from it. Deleted after two days.
        </li>
        <li>
          <strong>Password resets</strong>: if you have an account, a keyed hash of the network you last signed in from, so reset
          mails you ask for from there are never used up by someone else. Deleted with the account.
        </li>
        <li>
          <strong>Logs</strong>: our web server notes each request (time, address, path, status) to keep the site running and
          safe, for as long as the site’s operator keeps its logs; the account service’s log lines carry no address, password,
          token or code. Error reports and speed figures from your browser go to this site only, with no id.
        </li>
      </ul>

      <h2>Other sites involved</h2>
      <ul className="privacy-page__list">
        <li>
          Games are made by independent studios and load in a frame from their makers’ sites, as do their pictures. What a game
          does inside its frame (its own ads, its own saves) is its maker’s, under their terms.
        </li>
        <li>
          Google reCAPTCHA checks that a person is signing up or signing in. Its script is loaded only when the Sign Up or Sign In
          dialog opens, never on the other pages, and Google’s privacy policy applies to it.
        </li>
      </ul>

      <p>
        See also the <Link to={TERMS_PATH}>Terms and Conditions</Link>.
      </p>
      <BackToHome />
    </article>
  );
}
