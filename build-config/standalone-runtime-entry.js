// The federation runtime for a remote's standalone page (see standalone-runtime.js).
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
