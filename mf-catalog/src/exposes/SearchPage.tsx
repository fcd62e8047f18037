// Exposed to the shell as mf_catalog/SearchPage (see shared-contracts RemoteModules).
import { SearchPage } from '../search/SearchPage';

export default SearchPage;
