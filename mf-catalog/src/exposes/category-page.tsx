// Exposed to the shell as mf_catalog/CategoryPage (see shared-contracts RemoteModules).
import { CategoryPage } from '../categories/category-page';

export default CategoryPage;
