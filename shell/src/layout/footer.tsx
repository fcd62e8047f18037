import { Link } from 'react-router-dom';
import { FOOTER_TEXT, PRIVACY_PATH, ROUTES, TERMS_PATH } from '@portal/shared-contracts';
import { useBrand } from '../branding/brand-context';
import './footer.css';

export function Footer({ now = new Date() }: { now?: Date }) {
  const brand = useBrand();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <Link to={ROUTES.home} className="site-footer__brand">
          <img src={brand.logo} alt="" width="32" height="32" />
          <span>{brand.name}</span>
        </Link>
        <p className="site-footer__tagline">{FOOTER_TEXT.tagline}</p>
        <p className="site-footer__links">
          <Link to={PRIVACY_PATH}>{FOOTER_TEXT.privacy}</Link>
          <Link to={TERMS_PATH}>{FOOTER_TEXT.terms}</Link>
        </p>
        <p className="site-footer__copyright">
          © {now.getFullYear()} {brand.name}. {FOOTER_TEXT.rights}
        </p>
      </div>
    </footer>
  );
}
