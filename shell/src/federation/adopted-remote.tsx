import { memo, Suspense, use, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { RemoteModule, RemoteModuleId } from '@portal/shared-contracts';
import { FRAGMENT_HOST_ATTRIBUTE, FRAGMENT_HOST_STYLE } from './remote-fragments';
import { RenderErrorBoundary } from './render-error-boundary';

interface AdoptedRemoteProps {
  id: RemoteModuleId;
  props: unknown;
  /** The module's load, started by the boundary; null on the server, which renders the fragment. */
  module: Promise<RemoteModule<RemoteModuleId>> | null;
  /** On the server: the fragment's HTML. */
  html?: string | undefined;
  /** Drawn if React has to render the boundary itself (the HTML did not match). */
  fallback: ReactNode;
  /** Once the remote's component is in; a new function, should its props change, runs again (it is idempotent). */
  onMounted: () => () => void;
  /** duringLoad: the module could not be loaded; otherwise its component crashed. */
  onFailed: (error: unknown, duringLoad: boolean) => void;
}

/** The remote's component, once its module is there; until then React keeps the server's elements. */
function HydratedComponent({
  module,
  props,
  onMounted,
}: Pick<AdoptedRemoteProps, 'props' | 'onMounted'> & { module: Promise<RemoteModule<RemoteModuleId>> }) {
  const Loaded = use(module).default as unknown as ComponentType<Record<string, unknown>>;
  useEffect(onMounted, [onMounted]);
  return <Loaded {...(props as Record<string, unknown>)} />;
}

/**
 * A mount whose page came in the server's HTML (decision 0032): a Suspense boundary around the
 * remote's component. The server fills it with the remote's fragment; in the browser React
 * hydrates it and, while the module loads, leaves the server's elements as they are (links work,
 * nothing is replaced), then hydrates the remote's component into them.
 */
function AdoptedRemoteView({ id, props, module, html = '', fallback, onMounted, onFailed }: AdoptedRemoteProps) {
  // Whether the load had finished when something failed: a load failure or a crash.
  const [loadState] = useState(() => {
    const state = { loaded: false };
    void module?.then(
      () => (state.loaded = true),
      () => undefined,
    );
    return state;
  });
  return (
    <RenderErrorBoundary onError={(error) => onFailed(error, !loadState.loaded)}>
      <Suspense fallback={fallback}>
        {/* The same element on both sides: the browser hydrates the remote into the server's fragment. */}
        {module ? (
          <div {...{ [FRAGMENT_HOST_ATTRIBUTE]: id }} style={FRAGMENT_HOST_STYLE}>
            <HydratedComponent module={module} props={props} onMounted={onMounted} />
          </div>
        ) : (
          <div {...{ [FRAGMENT_HOST_ATTRIBUTE]: id }} style={FRAGMENT_HOST_STYLE} dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </Suspense>
    </RenderErrorBoundary>
  );
}

/**
 * Re-rendered only when its props change: an update that reaches a Suspense boundary before it
 * has hydrated makes React throw the server's elements away and draw the fallback. Its id and
 * module, and what its callbacks do, stay the same for as long as the adoption lasts (the
 * boundary's state machine changes nothing they use while adopting).
 */
export const AdoptedRemote = memo(
  AdoptedRemoteView,
  (before, after) => JSON.stringify(before.props) === JSON.stringify(after.props),
);
