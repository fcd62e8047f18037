import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { ROUTES, type AccountRemoteConfig } from '@portal/shared-contracts';
import { MODAL_KINDS } from '@portal/shared-contracts/account';
import { openModal } from '@portal/runtime';
import AccountMenu from '../exposes/account-menu';
import ModalHost from '../exposes/modal-host';
import ProfilePage from '../exposes/profile-page';

/** Standalone settings: the local account API and Google's public test reCAPTCHA key. */
const STANDALONE_CONFIG: AccountRemoteConfig = {
  accountApiUrl: 'http://localhost:8000',
  recaptchaSiteKey: '6LeIxAcTAAAAAJcZVRqyHh4xEgKXT8T6I-BKVtPwcHQ',
};

const bar = {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: 16,
  padding: '12px 16px',
  borderBottom: '1px solid var(--color-border)',
} as const;

/** The account pieces without the shell, for this team's development (toasts as the shell sets them). */
export function StandaloneApp() {
  return (
    <BrowserRouter>
      <header style={bar}>
        <Link to={ROUTES.home} style={{ fontWeight: 800, textDecoration: 'none' }}>
          Account remote (standalone)
        </Link>
        <AccountMenu config={STANDALONE_CONFIG} />
      </header>
      <Routes>
        <Route path={ROUTES.profile} element={<ProfilePage config={STANDALONE_CONFIG} />} />
        <Route
          path="*"
          element={
            <div className="page">
              <p>
                Use the header, open <Link to={ROUTES.profile}>/profile</Link>, add #signin or #signup to the URL, or open a
                dialog through the event bus:
              </p>
              <p style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
                {Object.values(MODAL_KINDS).map((kind) => (
                  <button
                    key={kind}
                    type="button"
                    className="button"
                    onClick={() => {
                      openModal(kind, { email: 'player@example.com' });
                    }}
                  >
                    {kind}
                  </button>
                ))}
              </p>
            </div>
          }
        />
      </Routes>
      <ModalHost config={STANDALONE_CONFIG} />
      <ToastContainer autoClose={5000} position="top-right" theme="dark" />
    </BrowserRouter>
  );
}
