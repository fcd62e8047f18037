import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PRIVACY_PATH, ROUTES, TERMS_PATH, type AccountRemoteConfig } from 'shared-contracts';
import { HomeHero } from 'ui';
import { useBrand } from '../branding/brand-context';
import { RemoteBoundary } from '../federation/remote-boundary';
import './not-found-page.css';
import { NotFoundPage, PrivacyPage, TermsPage } from './site-pages';
import './terms-page.css';

/** The routes table of product §2, each page owned by a remote. */
export function AppRoutes({ accountConfig, gameHosts }: { accountConfig: AccountRemoteConfig; gameHosts?: readonly string[] }) {
  const brand = useBrand();
  return (
    <Routes>
      <Route
        path={ROUTES.home}
        element={
          <RemoteBoundary id="mf_catalog/HomePage" props={{ brand }} lead={<HomeHero name={brand.name} blurb={brand.blurb} />} />
        }
      />
      <Route path={ROUTES.allGames} element={<RemoteBoundary id="mf_catalog/AllGamesPage" props={{}} />} />
      <Route path={ROUTES.categories} element={<RemoteBoundary id="mf_catalog/CategoriesRedirect" props={{}} />} />
      <Route path={ROUTES.category} element={<RemoteBoundary id="mf_catalog/CategoryPage" props={{}} />} />
      <Route path={ROUTES.search} element={<RemoteBoundary id="mf_catalog/SearchPage" props={{}} />} />
      <Route path={ROUTES.tag} element={<RemoteBoundary id="mf_catalog/TagPage" props={{}} />} />
      <Route path={ROUTES.game} element={<RemoteBoundary id="mf_player/PlayPage" props={{ gameHosts }} placeholder="frame" />} />
      <Route path={ROUTES.profile} element={<RemoteBoundary id="mf_account/ProfilePage" props={{ config: accountConfig }} />} />
      <Route
        path={TERMS_PATH}
        element={
          <Suspense>
            <TermsPage />
          </Suspense>
        }
      />
      <Route
        path={PRIVACY_PATH}
        element={
          <Suspense>
            <PrivacyPage />
          </Suspense>
        }
      />
      <Route
        path="*"
        element={
          <Suspense>
            <NotFoundPage />
          </Suspense>
        }
      />
    </Routes>
  );
}
