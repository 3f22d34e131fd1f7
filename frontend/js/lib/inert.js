// A full-screen layer (the judge's verdict) over a page that must not be used behind it: everything
// but the layer (and the elements holding it) is made inert, so neither Tab, a tap nor a screen reader
// reaches a form behind the verdict, and the focus goes back where it was when the layer closes.

/** Make all of the page except `layer` inert and move the focus into it; the returned function undoes
 *  both (only what it made inert: an element inert already stays so). */
export function inertAround(layer) {
  const made = [];
  for (let el = layer; el && el !== document.body; el = el.parentElement) {
    for (const sibling of el.parentElement?.children ?? []) {
      if (sibling !== el && !sibling.inert && sibling.tagName !== 'SCRIPT') {
        sibling.inert = true;
        made.push(sibling);
      }
    }
  }
  const before = document.activeElement;
  layer.focus({ preventScroll: true });
  return () => {
    made.forEach((el) => (el.inert = false));
    if (before && before !== document.body && before.isConnected) before.focus({ preventScroll: true });
  };
}
