// One tab stop for a grid of squares (the roving tabindex): Tab enters the grid at the square last
// visited and leaves it at once; the arrows, Home and End move inside. 64 squares of Bresk! or a board
// of point blocks were otherwise 64 (or 16) Tab presses before the button after them.

/** Make `container`'s items (`selector`, in reading order, `columns()` a row) one tab stop.
 *  `arrows`: answer the arrow keys here (false where the items answer them themselves).
 *  Its `redraw(draw)` keeps the tab stop on the same square when the items are drawn afresh. */
export function rovingGrid(container, selector, columns, { arrows = true } = {}) {
  let current = 0;
  const items = () => [...container.querySelectorAll(selector)];
  const settle = () => items().forEach((el, i) => (el.tabIndex = i === current ? 0 : -1));
  container.addEventListener('focusin', (e) => {
    const i = items().indexOf(e.target);
    if (i < 0 || i === current) return;
    current = i;
    settle();
  });
  if (arrows) {
    container.addEventListener('keydown', (e) => {
      const list = items();
      const i = list.indexOf(e.target);
      if (i < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
      const n = columns();
      const rowStart = i - (i % n);
      const to = { ArrowLeft: i - 1, ArrowRight: i + 1, ArrowUp: i - n, ArrowDown: i + n,
        Home: rowStart, End: Math.min(list.length - 1, rowStart + n - 1) }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      if (to >= 0 && to < list.length) list[to].focus();
    });
  }
  settle();
  return {
    /** Draw the items afresh with `draw(tabIndexOf)`: the tab stop, and the focus if it was inside, stay on the
     *  same square. Items drawn with `tabIndexOf(i)` as their tabIndex read as the ones shown do, so a redraw
     *  that keeps unchanged items (dom.js `renew`) can keep them. */
    redraw(draw) {
      const had = container.contains(document.activeElement);
      draw((i) => (i === current ? 0 : -1));
      const list = items();
      current = Math.min(current, Math.max(0, list.length - 1));
      settle();
      if (had && !container.contains(document.activeElement)) list[current]?.focus();
    },
  };
}
