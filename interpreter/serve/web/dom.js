// Building HTML and SVG elements. Every text the server sends is game data
// someone else wrote, so text goes in only as text nodes and attributes only
// through setAttribute: no markup is ever parsed from data.

export const SVG_NS = 'http://www.w3.org/2000/svg';

// el('button', {class: 'x', onclick: f}, 'text', child, ...): an HTML element.
// Attribute values are set with setAttribute; keys starting with "on" are
// listeners; children are nodes or strings (added as text nodes).
export function el(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

// The same for SVG elements.
export function svg(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

// Replaces a node's children with the given ones.
export function replaceChildren(node, ...children) {
  clear(node);
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

// Round to two decimals for SVG attributes: shorter markup, same picture.
export function r2(x) {
  return Math.round(x * 100) / 100;
}
