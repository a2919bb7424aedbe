import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { formatRoute, parseRoute, type Route } from './routes';

interface RouterValue {
  route: Route;
  /** Goes to `to`, asking first when a guard reports unsaved changes. */
  navigate(to: Route, options?: { replace?: boolean; force?: boolean }): void;
  /** Registers the unsaved-changes guard; returns its removal. */
  setGuard(message: string | undefined): void;
}

const RouterContext = createContext<RouterValue | undefined>(undefined);

export function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('useRouter outside RouterProvider');
  return value;
}

/** A tiny History API router: the app has a handful of screens and no nested layouts to share. */
export function RouterProvider({ children }: { children: ReactNode }) {
  const [route, setRoute] = useState<Route>(() => parseRoute(location.pathname + location.search));
  /** A navigation waiting for the person to confirm leaving, with the guard's message at the time. */
  const [pending, setPending] = useState<
    { to: Route; replace: boolean; message: string } | undefined
  >();
  const guard = useRef<string | undefined>(undefined);

  const go = useCallback((to: Route, replace: boolean) => {
    const url = formatRoute(to);
    if (url !== location.pathname + location.search)
      (replace ? history.replaceState : history.pushState).call(history, null, '', url);
    setRoute(parseRoute(url));
    window.scrollTo?.(0, 0);
  }, []);

  const navigate = useCallback<RouterValue['navigate']>(
    (to, options = {}) => {
      if (guard.current && !options.force)
        setPending({ to, replace: options.replace ?? false, message: guard.current });
      else go(to, options.replace ?? false);
    },
    [go],
  );

  useEffect(() => {
    const onPop = () => {
      const to = parseRoute(location.pathname + location.search);
      const message = guard.current;
      if (!message) return setRoute(to);
      // The address already changed: put ours back, then ask.
      history.pushState(null, '', formatRoute(route));
      setPending({ to, replace: false, message });
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [route]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (guard.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const setGuard = useCallback((message: string | undefined) => {
    guard.current = message;
  }, []);

  const value = useMemo(() => ({ route, navigate, setGuard }), [route, navigate, setGuard]);
  return (
    <RouterContext.Provider value={value}>
      {children}
      {pending && (
        <ConfirmDialog
          title="Leave without saving?"
          confirmLabel="Leave and discard"
          tone="danger"
          onCancel={() => setPending(undefined)}
          onConfirm={() => {
            guard.current = undefined;
            setPending(undefined);
            go(pending.to, pending.replace);
          }}
        >
          {pending.message} They stay in this browser and are offered again when you reopen the
          item.
        </ConfirmDialog>
      )}
    </RouterContext.Provider>
  );
}
