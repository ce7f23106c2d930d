/**
 * A chunk that fails to load (a new deploy removed it, or the network dropped) reloads the page,
 * at most once a minute so a broken deploy can't loop (spec 000 §9).
 */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
const KEY = 'qph-chunk-reload-at';

export const shouldReloadForChunk = (lastReloadAt: number | null, now: number): boolean =>
  lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;

export const installChunkReloadGuard = () => {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(KEY)) || null;
    if (!shouldReloadForChunk(last, Date.now())) return;
    event.preventDefault();
    sessionStorage.setItem(KEY, String(Date.now()));
    window.location.reload();
  });
};
