import type { IncomingMessage } from 'node:http';

/**
 * The route a request was answered by, as a template from a fixed set (a procedure's path, a page
 * pattern): metric labels never carry an id, a token or a caller's invented path.
 */
const labels = new WeakMap<IncomingMessage, string>();

export function setRouteLabel(req: IncomingMessage, label: string): void {
  labels.set(req, label);
}

export function routeLabelOf(req: IncomingMessage): string | undefined {
  return labels.get(req);
}
