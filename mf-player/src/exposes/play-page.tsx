// Exposed as 'mf_player/PlayPage' (see shared-contracts RemoteModules): the page takes no props.
export { PlayPage as default } from '../play/play-page';
