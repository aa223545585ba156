/**
 * Props for a Mantine ScrollArea (a table's `scrollAreaProps`) that scrolls sideways on a narrow screen: its
 * viewport is a named region the keyboard can reach and scroll (axe: scrollable-region-focusable).
 */
export function scrollable(label: string) {
  return { viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } };
}
