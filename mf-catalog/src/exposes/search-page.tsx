// Exposed to the shell as mf_catalog/SearchPage (see shared-contracts RemoteModules).
import { SearchPage } from '../search/search-page';

export default SearchPage;
