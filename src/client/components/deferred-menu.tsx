import { ActionIcon } from '@mantine/core';
import {
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';

/** Calls `onMounted` once the real menu is on the page. */
function Loaded({ menu: Menu, onMounted }: { menu: ComponentType; onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return <Menu />;
}

/**
 * A header menu whose code (Mantine Menu and Floating UI, ~25–30 KiB gzipped) stays out of the first page
 * load. A look-alike round button stands in (`size`, `label`, the icon as children, any further
 * attributes): pointer or focus fetches the code, and the first click swaps in the real menu (whose
 * trigger carries the same test id) and opens it.
 */
export function DeferredMenu({
  menu,
  preload,
  testId,
  size,
  label,
  children,
  ...attributes
}: {
  menu: ComponentType;
  preload: () => unknown;
  testId: string;
  size: number;
  label: string;
  children: ReactNode;
  title?: string;
  'data-theme'?: string;
}) {
  const [wanted, setWanted] = useState(false);
  const slot = useRef<HTMLDivElement>(null);

  const onMounted = useCallback(() => {
    // The real menu mounts only after a click on the stand-in: open it for that click.
    const trigger = slot.current?.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`);
    trigger?.focus();
    trigger?.click();
  }, [testId]);

  const standIn = (
    <ActionIcon
      variant="default"
      size={size}
      radius="xl"
      aria-label={label}
      aria-haspopup="menu"
      data-testid={testId}
      {...attributes}
      onPointerEnter={() => void preload()}
      onFocus={() => void preload()}
      onClick={() => setWanted(true)}
    >
      {children}
    </ActionIcon>
  );

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
