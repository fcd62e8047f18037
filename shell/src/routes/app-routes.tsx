import { Suspense, type ComponentProps, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import {
  PAGE_NAMES,
  PAGES,
  type AccountRemoteConfig,
  type Brand,
  type PageEntry,
  type RemoteModuleId,
  type RemoteModules,
} from '@portal/shared-contracts';
import { HomeHero } from '@portal/ui';
import { useBrand } from '../branding/brand-context';
import { RemoteBoundary } from '../federation/remote-boundary';
import './not-found-page.css';
import { NotFoundPage, SHELL_PAGES } from './site-pages';
import './terms-page.css';

/** What the shell knows that a page's remote module may need. */
interface PageInputs {
  brand: Brand;
  accountConfig: AccountRemoteConfig;
  gameHosts?: readonly string[];
}
type PropsOfModule<Id extends RemoteModuleId> = ComponentProps<RemoteModules[Id]>;
type PageModuleId = Extract<(typeof PAGES)[keyof typeof PAGES], { remote: string }>['remote'];
/** Modules whose props a page cannot do without: each must have its line below (tsc says so). */
type NeedsProps<Id extends RemoteModuleId> = object extends PropsOfModule<Id> ? never : Id;
type PropsTable = { [Id in PageModuleId as NeedsProps<Id>]: (inputs: PageInputs) => PropsOfModule<Id> } & {
  [Id in PageModuleId]?: (inputs: PageInputs) => PropsOfModule<Id>;
};

/** The props the shell hands each page's module (its contract, ARCHITECTURE.md); a module not named here takes none. */
const PAGE_PROPS: PropsTable = {
  'mf_catalog/HomePage': (inputs) => ({ brand: inputs.brand }),
  'mf_player/PlayPage': (inputs) => ({ gameHosts: inputs.gameHosts }),
  'mf_account/ProfilePage': (inputs) => ({ config: inputs.accountConfig }),
};

/** Drawn above a page's placeholder while its module loads (decision 0031): Home's welcome, as the remote draws it. */
const PAGE_LEADS: { [Id in PageModuleId]?: (brand: Brand) => ReactNode } = {
  'mf_catalog/HomePage': (brand) => <HomeHero name={brand.name} blurb={brand.blurb} />,
};

function pageElement(page: PageEntry, inputs: PageInputs) {
  if ('shell' in page) {
    const Page = SHELL_PAGES[page.shell as keyof typeof SHELL_PAGES];
    return (
      <Suspense>
        <Page />
      </Suspense>
    );
  }
  const id = page.remote as PageModuleId;
  return (
    <RemoteBoundary
      id={id}
      props={PAGE_PROPS[id]?.(inputs) ?? {}}
      placeholder={page.placeholder}
      lead={PAGE_LEADS[id]?.(inputs.brand)}
    />
  );
}

/** The site's pages (shared-contracts' PAGES), each owned by a remote or by the shell, and the not-found page. */
export function AppRoutes({ accountConfig, gameHosts }: { accountConfig: AccountRemoteConfig; gameHosts?: readonly string[] }) {
  const inputs = { brand: useBrand(), accountConfig, gameHosts };
  return (
    <Routes>
      {PAGE_NAMES.map((name) => (
        <Route key={name} path={PAGES[name].path} element={pageElement(PAGES[name], inputs)} />
      ))}
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
