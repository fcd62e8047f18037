import { PLAY_COUNT_TEXT, type ReportReason } from './play-data';

/** Every text of the play-data features (the SPEC gives none of them). */
export const PLAY_DATA_TEXT = {
  ...PLAY_COUNT_TEXT,
  liked: (percent: number) => `${percent} % liked`,
  like: 'I like this game',
  dislike: "I don't like this game",
  sortLabel: 'Sort by',
  sortName: 'Name',
  sortNew: 'Newest',
  sortTrending: 'Trending',
  sortMostPlayed: 'Most played',
  sortTopRated: 'Top rated',
  aboutGame: (name: string) => `About ${name}`,
  tagsHeading: 'Tags',
  tagHeading: (tag: string) => `Games tagged ${tag}`,
  noGamesWithTag: 'No games have this tag.',
  reportProblem: 'Report a problem',
  reportReasons: {
    does_not_load: "Doesn't load",
    black_screen: 'Black screen',
    stuck: 'Stuck',
    other: 'Other',
  } satisfies Record<ReportReason, string>,
  reportTextLabel: 'What happened? (optional)',
  reportSend: 'Send report',
  reportCancel: 'Cancel',
  reportThanks: 'Thank you! We will look into it.',
  reportAlready: 'You have already reported this game today. Thank you!',
  reportFailed: 'Your report could not be sent. Please try again.',
  /** 429 from the API: the reports counted from one network per game and day are used up. */
  reportsBounded: 'This game has already been reported from your network today. Thank you!',
  /** 429 from the API: the new votes counted from one network per game and day are used up. */
  votesBounded: 'Too many votes for this game from your network today. Please try again tomorrow.',
  // A game the link checker found dead (decision 0058).
  gameUnavailable: "This game isn't available right now",
  gameUnavailableHint: (name: string) => `${name} can't be played here at the moment. Try one of these instead.`,
  playInstead: 'Play one of these instead',
} as const;
