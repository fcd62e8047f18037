// A catalogue release as the page service reads it, for tests that steer visitors between two:
// its manifest (the build id is the chunk's name) and the All Games fragment it draws.

/** The fragments file of a catalogue release whose All Games page shows `heading`. */
export const catalogueFragments = (heading: string) => ({
  schema: 1,
  pages: { AllGamesPage: { '/all-games': `<h1>${heading}</h1>` } },
  styles: { AllGamesPage: '' },
  props: { AllGamesPage: '{}' },
});

/** The federation manifest of a catalogue release whose All Games chunk is `chunk`. */
export const catalogueManifest = (chunk: string) => ({
  metaData: {
    name: 'mf_catalog',
    publicPath: 'auto',
    remoteEntry: { name: 'remoteEntry.js', path: '' },
    buildInfo: { buildVersion: chunk.replace('.js', '') },
  },
  exposes: [{ name: 'AllGamesPage', assets: { js: { sync: [chunk] } } }],
});
