/** The site's own user-facing texts (product §1, §2), spelled once; the account's are in account/messages.ts. */
export const FOOTER_TEXT = {
  tagline: 'Enjoy a variety of free small games online.',
  rights: 'All Rights Reserved.',
  /** Not in product §1.5: the footer's links to the shell's own pages. */
  privacy: 'Privacy',
  terms: 'Terms and Conditions',
} as const;

export const PAGE_TEXT = {
  searchPlaceholder: 'Search Games',
  gameLoading: 'Game Loading...',
  gameNotFound: 'Game not found',
  noGamesInCategory: 'No games found for this category.',
  noSearchResults: 'No games found',
  signIn: 'Sign In',
  signUp: 'Sign Up',
  profile: 'Profile',
  logout: 'Logout',
} as const;
