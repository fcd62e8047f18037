// The play-data feature's public entry: what other features of this remote may use.
export { GameFigures } from './game-figures';
export { GameTags } from './game-tags';
export { ReportProblem } from './report-problem';
export { useAvailableGames, useUnavailableGames } from './use-available-games';
