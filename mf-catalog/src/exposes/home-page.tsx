// Exposed to the shell as mf_catalog/HomePage (see shared-contracts RemoteModules).
import { HomePage } from '../home/home-page';

export default HomePage;
