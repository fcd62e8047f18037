import { Link } from 'react-router-dom';
import { ROUTES, type AccountRemoteConfig } from '@portal/shared-contracts';
import { useBrand } from '../branding/brand-context';
import { RemoteBoundary } from '../federation/remote-boundary';
import { NavMenu } from './nav-menu';
import { SearchBox } from './search-box';
import './header.css';

export function Header({ accountConfig }: { accountConfig: AccountRemoteConfig }) {
  const brand = useBrand();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={ROUTES.home} className="site-header__logo" aria-label={`${brand.name} home`}>
          <img src={brand.logo} alt="" width="40" height="40" />
          <span className="site-header__brand">{brand.name}</span>
        </Link>
        <div className="site-header__nav">
          <NavMenu />
        </div>
        <div className="site-header__tools">
          <SearchBox />
          <div className="site-header__account" data-slot="account">
            <RemoteBoundary id="mf_account/AccountMenu" props={{ config: accountConfig }} variant="inline" />
          </div>
        </div>
      </div>
    </header>
  );
}
