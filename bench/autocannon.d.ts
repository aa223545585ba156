/** The part of autocannon's API that bench/load.ts uses (the package ships no types). */
declare module 'autocannon' {
  interface TRequest {
    setupRequest?: (
      req: Record<string, unknown>,
      context: Record<string, unknown>,
    ) => Record<string, unknown>;
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string>,
    ) => void;
  }
  interface TOptions {
    url: string;
    connections?: number;
    duration?: number;
    overallRate?: number;
    requests?: TRequest[];
  }
  interface TResult {
    errors: number;
    timeouts: number;
  }
  function autocannon(opts: TOptions): Promise<TResult>;
  export default autocannon;
}
