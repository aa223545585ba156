/**
 * Resolves in a later task, so the browser can paint and answer input in between. The boot stages await
 * it at their top level: each stage is the last module of its own chunk (vite.config.ts), and a chunk
 * that imports a stage's chunk is evaluated only once that await is over, in a task of its own. Each
 * stage imports the one before it, so the chunks wait for each other in turn: two chunks that only
 * share React would otherwise both evaluate in the task after React's.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
