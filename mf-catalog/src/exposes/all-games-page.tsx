// Exposed to the shell as mf_catalog/AllGamesPage (see shared-contracts RemoteModules).
import { AllGamesPage } from '../all-games/all-games-page';

export default AllGamesPage;
