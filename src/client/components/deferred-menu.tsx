import {
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactElement,
} from 'react';

export interface TStandInHandlers {
  onPointerEnter: () => void;
  onFocus: () => void;
  onClick: () => void;
}

/** Calls `onMounted` once the real menu is on the page. */
function Loaded({ menu: Menu, onMounted }: { menu: ComponentType; onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return <Menu />;
}

/**
 * A header menu whose code (Mantine Menu and Floating UI, ~25–30 KiB gzipped) stays out of the first page
 * load. A look-alike button stands in: pointer or focus fetches the code, and the first click swaps in the
 * real menu (whose trigger carries the same test id) and opens it.
 */
export function DeferredMenu({
  menu,
  preload,
  testId,
  renderStandIn,
}: {
  menu: ComponentType;
  preload: () => unknown;
  testId: string;
  renderStandIn: (handlers: TStandInHandlers) => ReactElement;
}) {
  const [wanted, setWanted] = useState(false);
  const slot = useRef<HTMLDivElement>(null);

  const onMounted = useCallback(() => {
    // The real menu mounts only after a click on the stand-in: open it for that click.
    const trigger = slot.current?.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`);
    trigger?.focus();
    trigger?.click();
  }, [testId]);

  const standIn = renderStandIn({
    onPointerEnter: () => void preload(),
    onFocus: () => void preload(),
    onClick: () => setWanted(true),
  });

  return (
    <div ref={slot} style={{ display: 'contents' }}>
      {wanted ? (
        <Suspense fallback={standIn}>
          <Loaded menu={menu} onMounted={onMounted} />
        </Suspense>
      ) : (
        standIn
      )}
    </div>
  );
}
