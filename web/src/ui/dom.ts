// A small helper for building DOM elements without a framework.

/** Children `h` accepts: nodes, text, and nothing (skipped). */
export type Child = Node | string | number | null | undefined | false;

/** Attribute values: text, on/off, or an event handler for `on...` names. */
export type Attr = string | number | boolean | ((event: Event) => void) | undefined;

/**
 * Creates an element: `h("button", { class: "primary", onclick: go }, "Play")`. Attributes
 * starting with `on` become listeners; `true` sets a boolean attribute, `false` leaves it out.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, Attr> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

/** Appends children, skipping empty ones. */
export function append(el: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
  }
}

/** Replaces an element's children. */
export function replace(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}
