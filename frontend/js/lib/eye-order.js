// Tab goes in the order the eye reads. The table's stylesheet places its cards with flex `order`
// (app.css, "First screen first"), and a game's own stylesheet moves them with the phase (Bresk!'s grid
// comes before the dice while everyone writes); Tab and a screen reader follow the document instead.
// This keeps a container's children in the document in the order they are shown: sorted by their
// computed `order`, ties kept as they were. The card holding the focus never moves (moved, it would
// lose the focus): the others are placed before and after it.

const orderOf = (el) => Number(getComputedStyle(el).order) || 0;

/** Put `container`'s children in the order they are shown; nothing moves when they already are. */
export function sortAsShown(container) {
  const now = [...container.children];
  const shown = now.map((el, i) => ({ el, i, order: orderOf(el) }))
    .sort((a, b) => a.order - b.order || a.i - b.i).map((x) => x.el);
  if (shown.every((el, i) => el === now[i])) return;
  const held = shown.find((el) => el.contains(document.activeElement)) ?? shown[0];
  const at = shown.indexOf(held);
  for (const el of shown.slice(0, at)) container.insertBefore(el, held);
  let last = held;
  for (const el of shown.slice(at + 1)) {
    last.after(el);
    last = el;
  }
}

/** Keeps `container` sorted as shown while it changes: a phase, a choice (`aria-pressed`), a card shown
 *  or hidden can move a card. Returns a part for the table's parts: update() sorts now, destroy() stops. */
export function keepInEyeOrder(container) {
  let queued = 0;
  // The sort's own moves are mutations too: dropped, they do not ask for a second sort (before the
  // table's first paint, that one read every card's style again for nothing).
  const sort = () => {
    sortAsShown(container);
    watch.takeRecords();
  };
  const soon = () => {
    if (!queued) queued = requestAnimationFrame(() => { queued = 0; sort(); });
  };
  const watch = new MutationObserver(soon);
  watch.observe(container, { subtree: true, childList: true, attributes: true,
    attributeFilter: ['aria-pressed', 'class', 'hidden', 'data-phase', 'data-kind'] });
  return {
    update: sort,
    destroy() {
      watch.disconnect();
      cancelAnimationFrame(queued);
    },
  };
}
