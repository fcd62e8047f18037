import { createContext, startTransition, useContext, useEffect, useReducer, type ComponentProps, type ReactNode } from 'react';
import { remoteOf, type RemoteModuleId, type RemoteModules } from '@portal/shared-contracts';
import { reportRemoteError } from '../telemetry/client-telemetry';
import { onRecovery } from './recovery';
import { AdoptedRemote } from './adopted-remote';
import { boundaryReducer, initialState, type BoundaryEvent, type LoadedComponent } from './remote-boundary-machine';
import { RemoteFragments } from './remote-fragments';
import { PagePlaceholder } from './remote-placeholder';
import { RemotePrompt } from './remote-prompt';
import { RenderErrorBoundary } from './render-error-boundary';
import { afterRenderFailure, loadedRemoteModule, loadRemoteModule, NewVersionError, trackMount } from './remotes';
import './remote-boundary.css';

/**
 * Set only while a page is pre-rendered (src/prerender/): told which remote modules the page
 * mounts, so the server can hint the browser to fetch them early.
 */
export const RemoteMountCollector = createContext<((id: RemoteModuleId) => void) | null>(null);

export interface RemoteBoundaryProps<Id extends RemoteModuleId> {
  id: Id;
  props: ComponentProps<RemoteModules[Id]>;
  /**
   * 'page': spinner and a fallback card; 'inline': compact, for the header slot;
   * 'hidden': invisible infrastructure (the modal host): nothing shown, it recovers when
   * another mount of the same remote is retried successfully.
   */
  variant?: 'page' | 'inline' | 'hidden';
  /** What a 'page' shows while it loads: placeholder game cards, or the game frame's box. */
  placeholder?: 'cards' | 'frame';
  /**
   * Drawn above a 'page' placeholder while the remote loads: the top of the page exactly as the
   * remote draws it (Home's welcome, ui's HomeHero), so the page's largest text paints with the
   * server's HTML instead of after the remote's scripts (decision 0031).
   */
  lead?: ReactNode;
}

const RETRY: BoundaryEvent = { type: 'retried' };

/**
 * The module's component when this tab has loaded it already: the page is drawn in the render
 * the click started, as one bundle would, not after a placeholder's commit and a promise.
 */
const loadedComponent = (id: RemoteModuleId) => loadedRemoteModule(id)?.default as unknown as LoadedComponent | undefined;

/** Reports a load that failed; true when the remote was redeployed under this tab. */
const reportLoadFailure = (id: RemoteModuleId, error: unknown) => {
  console.error(`[remote] could not mount ${id}`, error);
  return error instanceof NewVersionError;
};

/**
 * The one boundary around every federated mount (architecture.md §2):
 * loading placeholder, error fallback with a Retry that reloads the remote without a page
 * reload, and a console report. What it shows is the state machine of remote-boundary-machine.ts
 * (decision 0044); this component runs the loads and checks it asks for and draws its phase.
 */
export function RemoteBoundary<Id extends RemoteModuleId>({
  id,
  props,
  variant = 'page',
  placeholder = 'cards',
  lead,
}: RemoteBoundaryProps<Id>) {
  useContext(RemoteMountCollector)?.(id);
  const fragments = useContext(RemoteFragments);
  // The first mount of a page whose content came in the server's HTML adopts it (decision 0032):
  // its module starts loading now, and AdoptedRemote hydrates the remote into those elements.
  const [state, dispatch] = useReducer(boundaryReducer, null, () =>
    initialState(
      id,
      variant === 'page' && fragments?.has(id, props)
        ? { id, module: fragments.side === 'browser' ? loadRemoteModule(id) : null }
        : null,
      loadedComponent(id),
    ),
  );
  // On a route change React reuses this boundary: the machine hears of the new id before this
  // render draws anything, so the previous id's component never gets the new id's props.
  if (state.id !== id) dispatch({ type: 'navigated', id, Component: loadedComponent(id) });
  const { phase, attempt } = state;
  const remote = remoteOf(id);

  // What each phase does while it lasts. Loading: this attempt's load; the loader alone decides
  // whether the remote needs re-registering (only after its own failure), so a Retry here never
  // touches a healthy remote. Ready: this mount keeps the remote's container in use. Failed: when
  // a Retry elsewhere brought the remote back, this mount tries again too.
  useEffect(() => {
    if (phase === 'ready') return trackMount(remote);
    if (phase === 'failed') return onRecovery(remote, () => dispatch(RETRY));
    if (phase !== 'loading') return;
    loadRemoteModule(id).then(
      // A transition: React renders the remote's tree in slices of a few ms, yielding to the
      // browser between them, instead of one long task that blocks input.
      (module) =>
        startTransition(() => dispatch({ type: 'loaded', attempt, Component: module.default as unknown as LoadedComponent })),
      (error: unknown) => dispatch({ type: 'loadFailed', attempt, redeployed: reportLoadFailure(id, error) }),
    );
  }, [phase, id, remote, attempt]);

  const onRenderError = (error: unknown) => {
    console.error(`[remote] ${id} crashed while rendering`, error);
    reportRemoteError(remote, 'render', error);
    dispatch({ type: 'crashed' });
    void afterRenderFailure(remote).then((outcome) => dispatch({ type: 'checked', outcome }));
  };
  // AdoptedRemote keeps the first of these while its props stay the same: nothing they use changes
  // while adopting (adopted-remote.tsx).
  const onAdopted = () => {
    fragments?.release(id);
    return trackMount(remote);
  };
  const onAdoptionFailed = (error: unknown, duringLoad: boolean) => {
    fragments?.release(id);
    if (duringLoad) dispatch({ type: 'loadFailed', attempt, redeployed: reportLoadFailure(id, error) });
    else onRenderError(error);
  };

  const pagePlaceholder = <PagePlaceholder shape={placeholder} lead={lead} />;
  if (state.phase === 'adopting') {
    return (
      <AdoptedRemote
        id={id}
        props={props}
        module={state.adoption.module}
        html={fragments?.html?.(id)}
        fallback={pagePlaceholder}
        onMounted={onAdopted}
        onFailed={onAdoptionFailed}
      />
    );
  }
  if (state.phase === 'ready') {
    return (
      <RenderErrorBoundary key={attempt} onError={onRenderError}>
        <state.Component {...(props as Record<string, unknown>)} />
      </RenderErrorBoundary>
    );
  }
  if (variant === 'hidden') return null;
  if (phase === 'loading') {
    return variant === 'page' ? pagePlaceholder : <span className="remote-inline-placeholder" aria-hidden="true" />;
  }
  return <RemotePrompt variant={variant} outdated={phase === 'outdated'} onRetry={() => dispatch(RETRY)} />;
}
