/**
 * A chunk that fails to load (a new deploy removed it, or the network dropped) reloads the page,
 * at most once a minute so a broken deploy can't loop (requirements 000-9). Not while offline: the reload
 * would fail the same way, or show the browser's offline page, and throw away what the page held
 * (a write being queued for the outbox, whose database chunk was not cached yet); the import's
 * caller gets the error instead and says so, and the page keeps what was typed.
 */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
const KEY = 'qph-chunk-reload-at';

export const shouldReloadForChunk = (lastReloadAt: number | null, now: number, online = true): boolean =>
  online && (lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS);

export const installChunkReloadGuard = () => {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(KEY)) || null;
    if (!shouldReloadForChunk(last, Date.now(), navigator.onLine !== false)) return;
    event.preventDefault();
    sessionStorage.setItem(KEY, String(Date.now()));
    window.location.reload();
  });
};
