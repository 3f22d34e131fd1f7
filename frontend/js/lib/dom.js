// h('button#go.primary', {onclick}, 'Start') → an element. Text is always set
// as text, never parsed as HTML, so names people type can never become markup.

export function h(tag, attrs = {}, ...children) {
  // 'p.meta#help' and 'p#help.meta' both work: the name first, then .classes and #id in any order.
  const parts = tag.split(/(?=[.#])/);
  const name = /^[.#]/.test(parts[0]) ? 'div' : parts.shift();
  const el = document.createElement(name || 'div');
  for (const part of parts) {
    if (part[0] === '#') el.id = part.slice(1);
    else el.classList.add(part.slice(1));
  }
  if (attrs === null || typeof attrs !== 'object' || attrs instanceof Node || Array.isArray(attrs)) {
    children.unshift(attrs);
    attrs = {};
  }
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key in el && typeof value !== 'string') el[key] = value;
    else el.setAttribute(key, value === true ? '' : value);
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}
