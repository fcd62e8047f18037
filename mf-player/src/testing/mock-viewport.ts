// The shared jsdom viewport stand-in (build-config's jest preset).
export { mockViewportWidth } from '@portal/build-config/jest/viewport';
