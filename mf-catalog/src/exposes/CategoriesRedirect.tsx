// Exposed to the shell as mf_catalog/CategoriesRedirect (see shared-contracts RemoteModules).
import { CategoriesRedirect } from '../categories/CategoriesRedirect';

export default CategoriesRedirect;
