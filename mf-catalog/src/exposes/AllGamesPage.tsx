// Exposed to the shell as mf_catalog/AllGamesPage (see shared-contracts RemoteModules).
import { AllGamesPage } from '../allGames/AllGamesPage';

export default AllGamesPage;
