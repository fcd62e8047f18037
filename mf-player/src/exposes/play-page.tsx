// Exposed as 'mf_player/PlayPage' (see shared-contracts RemoteModules): the page takes no props.
import { loadGameDetails } from '../game-details';

// The feed's texts are a chunk of their own: fetched when this module is, so a page that
// prefetched the play page (decision 0041) has them too, and a click on a game fetches no script.
if (typeof window !== 'undefined') void loadGameDetails();

export { PlayPage as default } from '../play/play-page';
