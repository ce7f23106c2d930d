/**
 * PrimeReact (10.9) injects each component's CSS into a shared `<style data-primereact-style-id>`
 * and, every time another instance of a component mounts, sets that style's `textContent` again,
 * the same text. Chromium (156) replaces the text node even then (a MutationObserver sees it) and
 * takes the style as a new stylesheet: "style rule change" and "fonts
 * changed" for every element, and the whole page restyled and laid out again (250-300 ms at 4× CPU
 * on keyword results, three times after the first page as the side toolbar, dialogs and the
 * chrome mounted). Writing the text a style element already holds is made a no-op, so
 * only a real change of a sheet restyles. Installed before anything renders (main.tsx).
 */
export function skipSameStyleText() {
  const own = Object.getOwnPropertyDescriptor(Node.prototype, 'textContent');
  if (!own?.get || !own.set) return;
  const { get, set } = own;
  Object.defineProperty(HTMLStyleElement.prototype, 'textContent', {
    configurable: true,
    enumerable: own.enumerable,
    get,
    set(this: Node, text: string | null) {
      if (this.isConnected && get.call(this) === text) return;
      set.call(this, text);
    },
  });
}
