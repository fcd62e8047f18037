export { UnknownListing, type KnownListing } from './unknown-listing';
