import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useReducer,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { remoteOf, type RemoteModuleId, type RemoteModules } from 'shared-contracts';
import { onRecovery } from './recovery';
import { AdoptedRemote } from './adopted-remote';
import { boundaryReducer, initialBoundaryState, type BoundaryPhase } from './remote-boundary-state';
import { RemoteFragments } from './remote-fragments';
import { InlinePlaceholder, PagePlaceholder } from './remote-placeholder';
import { NEW_VERSION_PROMPT, RETRY_PROMPT, RemotePrompt, reloadPage } from './remote-prompt';
import { RenderErrorBoundary } from './render-error-boundary';
import { afterRenderFailure, loadRemoteModule, trackMount } from './remotes';
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

/**
 * The one boundary around every federated mount (architecture.md §2):
 * loading placeholder, error fallback with a Retry that reloads the remote without a page
 * reload, and a console report. What it shows is `boundaryReducer`'s state
 * (remote-boundary-state.ts); this component runs the loads and reports. Tests replace
 * './remotes' (its __mocks__), the one seam.
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
    initialBoundaryState(
      id,
      variant === 'page' && fragments?.has(id, props)
        ? { module: fragments.side === 'browser' ? loadRemoteModule(id) : null }
        : null,
    ),
  );
  // On a route change React reuses this boundary: until the machine has taken the new id, it
  // shows the new id loading, never the previous id's component with the new id's props.
  useEffect(() => {
    dispatch({ type: 'mounted-id', id });
  }, [id]);
  const { request, attempt } = state;
  const phase: BoundaryPhase = state.id === id ? state.phase : { status: 'loading' };

  // Each request loads once; the loader alone decides whether the remote needs re-registering
  // (only after its own failure), so a Retry here never touches a healthy remote.
  useEffect(() => {
    if (!request) return;
    let cancelled = false;
    loadRemoteModule(request.id).then(
      (module) => {
        // A transition: React renders the remote's tree in slices of a few ms, yielding to the
        // browser between them, instead of one long task that blocks input.
        if (!cancelled) startTransition(() => dispatch({ type: 'loaded', request, module }));
      },
      (error: unknown) => {
        console.error(`[remote] could not mount ${request.id}`, error);
        if (!cancelled) dispatch({ type: 'load-failed', request, error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [request]);

  // While it shows the remote's component, this mount keeps the remote's container in use.
  const readyRemote = phase.status === 'ready' ? remoteOf(id) : undefined;
  useEffect(() => (readyRemote ? trackMount(readyRemote) : undefined), [readyRemote]);

  const onRenderError = useCallback(
    (error: unknown) => {
      console.error(`[remote] ${id} crashed while rendering`, error);
      dispatch({ type: 'crashed', error });
      void afterRenderFailure(remoteOf(id)).then((outcome) => {
        dispatch({ type: 'crash-checked', outcome });
      });
    },
    [id],
  );
  const retry = useCallback(() => {
    dispatch({ type: 'retry' });
  }, []);

  const onAdopted = useCallback(() => {
    fragments?.release(id);
    return trackMount(remoteOf(id));
  }, [fragments, id]);
  const onAdoptionFailed = useCallback(
    (error: unknown, duringLoad: boolean) => {
      fragments?.release(id);
      if (!duringLoad) {
        onRenderError(error);
        return;
      }
      console.error(`[remote] could not mount ${id}`, error);
      dispatch({ type: 'adoption-failed', error });
    },
    [fragments, id, onRenderError],
  );

  // When a Retry elsewhere brought this remote back, mounts of it that failed try again too.
  const failed = phase.status === 'failed';
  useEffect(() => (failed ? onRecovery(remoteOf(id), retry) : undefined), [failed, id, retry]);

  switch (phase.status) {
    case 'adopting':
      return (
        <AdoptedRemote
          id={id}
          props={props}
          module={phase.module}
          fallback={<PagePlaceholder shape={placeholder} lead={lead} />}
          onMounted={onAdopted}
          onFailed={onAdoptionFailed}
        />
      );
    case 'loading':
      if (variant === 'hidden') return null;
      return variant === 'page' ? <PagePlaceholder shape={placeholder} lead={lead} /> : <InlinePlaceholder />;
    case 'failed':
      return variant === 'hidden' ? null : <RemotePrompt variant={variant} prompt={RETRY_PROMPT} onAction={retry} />;
    case 'outdated':
      return variant === 'hidden' ? null : <RemotePrompt variant={variant} prompt={NEW_VERSION_PROMPT} onAction={reloadPage} />;
    case 'ready':
      return (
        <RenderErrorBoundary key={attempt} onError={onRenderError}>
          <phase.Component {...(props as Record<string, unknown>)} />
        </RenderErrorBoundary>
      );
  }
}
