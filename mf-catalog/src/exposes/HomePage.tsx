// Exposed to the shell as mf_catalog/HomePage (see shared-contracts RemoteModules).
import { HomePage } from '../home/HomePage';

export default HomePage;
