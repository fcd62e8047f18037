/**
 * react-toastify (a shared singleton, 8.7 KB) loads with the play page's first toast, not with the
 * page: the game frame never waits for it, and the shell mounts its container once it arrives.
 */
export const loadToast = () => import('react-toastify').then((module) => module.toast);
