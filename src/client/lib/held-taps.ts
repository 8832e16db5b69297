/**
 * What the owner did on the server's first screen before the app was there, carried out once it is (decision
 * 0014): the taps boot/hold-taps.ts held, and the text she typed into a field. Usually the app hydrates the
 * server's DOM, so each held control and each field is still the same element; when it had to render anew
 * instead (its data had changed meanwhile), the same element is found again by its place under the root, as the
 * two renders differ only in data.
 */
import { HELD_MARK_ATTRIBUTE } from '../../shared/page-contract.ts';

/** An element's place under the root: the index of each element on the way down (of those `shown`). */
type Place = number[];

/**
 * The elements that make the screen: a server's page also holds what React hoists there for the browser (an
 * image's preload link) and emotion's styles, which a render in the browser puts elsewhere.
 */
const shown = (parent: Element): Element[] =>
  [...parent.children].filter((child) => !['LINK', 'STYLE', 'SCRIPT', 'META'].includes(child.tagName));

type TypedField = { place: Place; value: string; start: number | null; end: number | null; focused: boolean };

export type FirstScreenInput = {
  /** The root's children when the app started to take over (a replaced element is found among them). */
  children: Element[];
  fields: TypedField[];
};

const TYPED = 'input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), textarea';

function placeOf(element: Element, root: Element, children: Element[]): Place | null {
  const place: number[] = [];
  let node: Element | null = element;
  while (node && node !== root) {
    const parent: Element | null = node.parentElement;
    const top = children.indexOf(node);
    if (top >= 0 && (parent === root || parent === null)) {
      place.unshift(top);
      return place;
    }
    if (!parent) return null;
    place.unshift(shown(parent).indexOf(node));
    node = parent;
  }
  return null;
}

function elementAt(root: Element, place: Place): Element | null {
  let node: Element | null = root;
  for (const index of place) node = node ? (shown(node)[index] ?? null) : null;
  return node;
}

/**
 * What was typed before the app, noted as it starts to take over (before it renders). When it renders anew, the
 * old fields can no longer be typed in (read-only): their text moves to the new ones.
 */
export function noteTyping(root: HTMLElement, replacing: boolean): FirstScreenInput {
  const children = shown(root);
  const fields: TypedField[] = [];
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TYPED)) {
    if (field.value === field.defaultValue) continue;
    const place = placeOf(field, root, children);
    if (!place) continue;
    fields.push({
      place,
      value: field.value,
      start: field.selectionStart,
      end: field.selectionEnd,
      focused: document.activeElement === field,
    });
    if (replacing) field.readOnly = true;
  }
  return { children, fields };
}

/**
 * Gives a field the text she typed as if she had typed it into the app: React's change handler runs (it tracks the
 * value it last saw, so the value is set past it), and the caret stays where she left it. React may already have
 * put its own value (the server's) back after hydrating; text it has taken over since (typed while it hydrated) is
 * newer and stays.
 */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, typed: TypedField): void {
  const reset = field.value === field.defaultValue && typed.value !== field.defaultValue;
  const value = reset ? typed.value : field.value;
  const [start, end] = reset ? [typed.start, typed.end] : [field.selectionStart, field.selectionEnd];
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  // Through the element's own property React's tracker sees the old text; past it, the prototype's setter.
  field.value = field.defaultValue;
  setValue?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (typed.focused && document.activeElement !== field) field.focus({ preventScroll: true });
  if (start !== null && end !== null) field.setSelectionRange(start, end);
}

/**
 * Puts what was typed before the app into its fields, right after the commit that took the screen over (a
 * microtask: before the browser paints, so the field never shows empty).
 */
export function replayTyping(root: HTMLElement, before: FirstScreenInput): void {
  for (const typed of before.fields) {
    const field = elementAt(root, typed.place);
    if (field?.matches(TYPED)) typeInto(field as HTMLInputElement | HTMLTextAreaElement, typed);
  }
}

/** A modal (a dialog, the menu) covers the screen: a tap held under it would land behind it. */
const modalOpen = () => document.querySelector('[role="dialog"], [aria-modal="true"]') !== null;

/**
 * Carries out, once the app has taken the screen over and its effects have run, every tap held (in order, each
 * once); the pressed marks go. Taps held under the open plain menu are dropped: the menu stands open as the app's
 * drawer.
 */
export function replayTaps(root: HTMLElement, before: FirstScreenInput): void {
  const taps = window.naalepudenTaps;
  const controls = taps?.controls.splice(0) ?? [];
  const dropped = taps?.menuOpen === true;
  for (const held of controls) {
    if (dropped || modalOpen()) break;
    const place = root.contains(held) ? null : placeOf(held, root, before.children);
    const control = place ? elementAt(root, place) : held;
    if (control instanceof HTMLElement && control.isConnected) control.click();
  }
  for (const cover of document.querySelectorAll(`[${HELD_MARK_ATTRIBUTE}]`)) cover.remove();
}
