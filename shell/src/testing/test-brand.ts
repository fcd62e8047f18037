import type { Brand } from '@portal/shared-contracts';

/** A brand for the shell's tests of titles and tags. */
export const TEST_BRAND: Brand = {
  id: 'b',
  name: 'Playverse',
  logo: '/l.svg',
  title: 'Playverse – Free Online Games',
  favicon: '/f.svg',
  blurb: '',
};
