import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { ROUTES, type AccountRemoteConfig } from 'shared-contracts';
import AccountMenu from '../exposes/AccountMenu';
import ModalHost from '../exposes/ModalHost';
import ProfilePage from '../exposes/ProfilePage';

/** Standalone settings: the local account API and Google's public test reCAPTCHA key. */
const STANDALONE_CONFIG: AccountRemoteConfig = {
  accountApiUrl: 'http://localhost:8000',
  recaptchaSiteKey: '6LeIxAcTAAAAAJcZVRqyHh4xEgKXT8T6I-BKVtPwcHQ',
};

/** The account pieces without the shell, for this team's development. */
export function StandaloneApp() {
  return (
    <BrowserRouter>
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: 16 }}>
        <Link to={ROUTES.home}>Account remote (standalone)</Link>
        <AccountMenu config={STANDALONE_CONFIG} />
      </header>
      <Routes>
        <Route path={ROUTES.profile} element={<ProfilePage config={STANDALONE_CONFIG} />} />
        <Route path="*" element={<p style={{ padding: 16 }}>Use the buttons above, or open /profile.</p>} />
      </Routes>
      <ModalHost config={STANDALONE_CONFIG} />
      <ToastContainer />
    </BrowserRouter>
  );
}
