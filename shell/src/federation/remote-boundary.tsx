import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';
import { remoteOf, type RemoteModuleId, type RemoteModules } from 'shared-contracts';
import { reportRemoteError } from '../telemetry/client-telemetry';
import { onRecovery } from './recovery';
import { AdoptedRemote } from './adopted-remote';
import { RemoteFragments } from './remote-fragments';
import { PagePlaceholder } from './remote-placeholder';
import { RemotePrompt } from './remote-prompt';
import { RenderErrorBoundary } from './render-error-boundary';
import { afterRenderFailure, loadRemoteModule, NewVersionError, trackMount } from './remotes';
import './remote-boundary.css';

type LoadState<Id extends RemoteModuleId> =
  | { status: 'loading' }
  | { status: 'ready'; id: RemoteModuleId; Component: RemoteModules[Id] }
  | { status: 'failed'; error: unknown }
  /** The remote was redeployed and cannot be swapped under the components of it on the page. */
  | { status: 'outdated' };

/** What a load that failed shows: a redeploy needs a reload; anything else, a Retry. */
const loadFailure = (error: unknown): Extract<LoadState<RemoteModuleId>, { status: 'failed' | 'outdated' }> =>
  error instanceof NewVersionError ? { status: 'outdated' } : { status: 'failed', error };

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
 * reload, and a console report.
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
  const [state, setState] = useState<LoadState<Id>>({ status: 'loading' });
  // Each attempt loads once; the loader alone decides whether the remote needs re-registering
  // (only after its own failure), so a Retry here never touches a healthy remote.
  const [attempt, setAttempt] = useState(0);
  // The first mount of a page whose content came in the server's HTML adopts it (decision 0032):
  // its module starts loading now, and AdoptedRemote hydrates the remote into those elements.
  const [adoption, setAdoption] = useState(() =>
    variant === 'page' && fragments?.has(id, props)
      ? { id, module: fragments.side === 'browser' ? loadRemoteModule(id) : null }
      : null,
  );
  const adopting = adoption !== null && adoption.id === id;
  // The load of this id and attempt is the adoption's: its failure shows until a Retry, like a
  // failed load, instead of starting a second load. Read and cleared by the next load effect.
  const adoptionsLoad = useRef(adoption ? { id, attempt: 0 } : null);

  useEffect(() => {
    if (adopting) return;
    const adopted = adoptionsLoad.current;
    adoptionsLoad.current = null;
    if (adopted?.id === id && adopted.attempt === attempt) return;
    let cancelled = false;
    setState({ status: 'loading' });
    loadRemoteModule(id).then(
      (module) => {
        // A transition: React renders the remote's tree in slices of a few ms, yielding to the
        // browser between them, instead of one long task that blocks input.
        if (!cancelled) startTransition(() => setState({ status: 'ready', id, Component: module.default }));
      },
      (error: unknown) => {
        console.error(`[remote] could not mount ${id}`, error);
        if (!cancelled) setState(loadFailure(error));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [id, attempt, adopting]);

  // While it shows the remote's component, this mount keeps the remote's container in use.
  const readyRemote = state.status === 'ready' ? remoteOf(state.id) : undefined;
  useEffect(() => (readyRemote ? trackMount(readyRemote) : undefined), [readyRemote]);

  const onRenderError = useCallback(
    (error: unknown) => {
      console.error(`[remote] ${id} crashed while rendering`, error);
      reportRemoteError(remoteOf(id), 'render', error);
      setState({ status: 'failed', error });
      void afterRenderFailure(remoteOf(id)).then((outcome) => {
        if (outcome === 'reload') setState({ status: 'outdated' });
        if (outcome === 'reloaded') setAttempt((a) => a + 1);
      });
    },
    [id],
  );
  const retry = useCallback(() => {
    setAttempt((a) => a + 1);
  }, []);

  const onAdopted = useCallback(() => {
    fragments?.release(id);
    return trackMount(remoteOf(id));
  }, [fragments, id]);
  const onAdoptionFailed = useCallback(
    (error: unknown, duringLoad: boolean) => {
      fragments?.release(id);
      setAdoption(null);
      if (!duringLoad) {
        onRenderError(error);
        return;
      }
      console.error(`[remote] could not mount ${id}`, error);
      setState(loadFailure(error));
    },
    [fragments, id, onRenderError],
  );

  // When a Retry elsewhere brought this remote back, mounts of it that failed try again too.
  const failed = state.status === 'failed';
  useEffect(() => (failed ? onRecovery(remoteOf(id), retry) : undefined), [failed, id, retry]);

  if (adopting) {
    return (
      <AdoptedRemote
        id={id}
        props={props}
        module={adoption.module}
        fallback={<PagePlaceholder shape={placeholder} lead={lead} />}
        onMounted={onAdopted}
        onFailed={onAdoptionFailed}
      />
    );
  }
  // On a route change React reuses this boundary: never render the previous id's component
  // with the new id's props while the new module loads.
  if (state.status === 'loading' || (state.status === 'ready' && state.id !== id)) {
    if (variant === 'hidden') return null;
    return variant === 'page' ? (
      <PagePlaceholder shape={placeholder} lead={lead} />
    ) : (
      <span className="remote-inline-placeholder" aria-hidden="true" />
    );
  }
  if (state.status === 'failed' || state.status === 'outdated') {
    return variant === 'hidden' ? null : (
      <RemotePrompt variant={variant} outdated={state.status === 'outdated'} onRetry={retry} />
    );
  }
  // A generic JSX element cannot be built from a mapped component type without widening it.
  const Loaded = state.Component as unknown as ComponentType<Record<string, unknown>>;
  return (
    <RenderErrorBoundary key={attempt} onError={onRenderError}>
      <Loaded {...(props as Record<string, unknown>)} />
    </RenderErrorBoundary>
  );
}
