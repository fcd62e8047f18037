// Exposed to the shell as mf_catalog/CategoriesRedirect (see shared-contracts RemoteModules).
import { CategoriesRedirect } from '../categories/categories-redirect';

export default CategoriesRedirect;
