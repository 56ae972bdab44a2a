/**
 * Which keys a page-wide shortcut may take: never those of a field the visitor types in, or
 * of a control that uses them itself (a slider's arrows, a button's Space).
 */

/** Elements that take typing, or arrow keys, for themselves. */
const OWNS_KEYS = [
  'input',
  'textarea',
  'select',
  '[contenteditable]:not([contenteditable="false"])',
  '[role="textbox"]',
  '[role="searchbox"]',
  '[role="combobox"]',
  '[role="listbox"]',
  '[role="option"]',
  '[role="slider"]',
  '[role="spinbutton"]',
  '[role="radio"]',
  '[role="tab"]',
  '[role="menuitem"]',
  '[role="grid"]',
  // Custom buttons often move between themselves with arrows (the transcript's words do).
  '[role="button"]',
].join(', ');

/** Elements that Space (or Enter) activates. */
const ACTIVATES = 'button, a[href], summary, [role="checkbox"], [role="switch"], [role="link"]';

/** Whether a key pressed on `target` belongs to it: a field, or a widget with keys of its own. */
export function ownsKeys(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(OWNS_KEYS) !== null;
}

/** Whether Space pressed on `target` activates it (a button, a link). */
export function activatesOnSpace(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(ACTIVATES) !== null;
}

/** Whether a modifier makes the key another command (browser, system). */
export function hasCommandModifier(event: {
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}): boolean {
  return event.altKey || event.ctrlKey || event.metaKey;
}

/** Fields the visitor types in: a key pressed there is text or caret movement, never a command. */
const TYPING = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

/** Whether `target` is a field the visitor types in. */
export function isTypingField(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(TYPING) !== null;
}
