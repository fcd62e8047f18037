// Exposed to the shell as mf_catalog/TagPage (see shared-contracts RemoteModules).
import { TagPage } from '../tags/tag-page';

export default TagPage;
