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
} as const;
