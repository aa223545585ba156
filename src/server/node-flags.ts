/**
 * V8 flags the API server runs with (`npm start`, `npm run serve` and the benchmark's production server).
 *
 * A young generation of 32 MB semi-spaces instead of V8's 16 MB: a property read allocates ~150 KiB of
 * short-lived objects (the adapter's fetch Request, tRPC's middleware options, pg rows), so the default
 * young generation filled every ~75 requests and each scavenge stopped the event loop. Survivors (the
 * requests in flight) cost the same per scavenge whatever its size, so twice the space means about half
 * the scavenge time: measured under 16-connection load on GET /api/properties/{id}, 13 → 5 scavenges per
 * 1,000 requests and 1.15 → 0.56 ms of pause per request on the shared 2-core machine (2026-11-23).
 * The cost is up to 64 MB more resident memory at peak.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
