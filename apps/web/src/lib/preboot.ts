// The hand-over from the pre-rendered sign-in page (dist/signin.html, public/signin-boot.js) to the
// app. The app renders into a hidden container beside the static page; when its first screen has
// rendered (`revealApp`, from the root route), the static page gives way: the values typed and the
// focus move to the app's fields, and what was asked before the app could act (a submit, a click, a
// choice) is replayed once the auth machine takes events (`replayPendingAction`).

import { useEffect } from 'react';

type PendingAction =
  | { type: 'submit' }
  | { type: 'click'; key: string }
  | { type: 'select'; key: string; value: string };

interface PrebootState {
  started: boolean;
  taken: boolean;
  /** The app's code failed to load: the next submit reloads the page. */
  failed: boolean;
  pending: PendingAction | null;
  /** `data-field` of the static field last focused. */
  focus: string | null;
}

declare global {
  interface Window {
    __vigilPreboot?: PrebootState;
  }
}

let staticRoot: HTMLElement | null = null;
let appRoot: HTMLElement | null = null;
let pending: PendingAction | null = null;

/**
 * The element the app renders into: the page's #root, or, when #root holds the pre-rendered page, a
 * hidden sibling that takes its place once the app has something to show.
 */
export function appContainer(root: HTMLElement): HTMLElement {
  if (!root.hasAttribute('data-prerendered')) return root;
  staticRoot = root;
  appRoot = document.createElement('div');
  appRoot.hidden = true;
  root.after(appRoot);
  return appRoot;
}

/** The same control in another tree: tag, accessible name and text (public/signin-boot.js keys it so). */
function controlKey(element: Element): string {
  return `${element.tagName}|${element.getAttribute('aria-label') ?? ''}|${element.textContent?.trim() ?? ''}`;
}

function setInputValue(input: HTMLInputElement, value: string) {
  // React listens to `input` events and reads the value through its own tracker: set it as a user would.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Shows the app in place of the pre-rendered page, carrying over what the visitor typed and where. */
export function revealApp(): void {
  if (!staticRoot || !appRoot) return;
  const from = staticRoot;
  const to = appRoot;
  staticRoot = null;
  appRoot = null;
  const state = window.__vigilPreboot;
  if (state) state.taken = true;
  pending = state?.pending ?? null;

  const typed = [...from.querySelectorAll<HTMLInputElement>('input[data-field]')].map((input) => ({
    field: input.dataset.field ?? '',
    value: input.value,
    start: input.selectionStart,
    end: input.selectionEnd,
  }));
  const hadFocus = from.contains(document.activeElement) ? (state?.focus ?? null) : null;
  from.remove();
  to.id = 'root';
  to.hidden = false;
  document.documentElement.classList.remove('vigil-booting');

  for (const { field, value, start, end } of typed) {
    const input = to.querySelector<HTMLInputElement>(`input[name="${CSS.escape(field)}"]`);
    if (!input) continue;
    if (value !== '' && input.value !== value) setInputValue(input, value);
    if (field === hadFocus) {
      input.focus();
      // React writes the value back when it renders the input event's state (after this effect), which
      // puts the caret at the end: put it back where the visitor left it once that has happened.
      const caret = () => {
        if (start !== null && end !== null && document.activeElement === input) input.setSelectionRange(start, end);
      };
      caret();
      queueMicrotask(caret);
      requestAnimationFrame(caret);
    }
  }
}

/** Replays the submit, click or choice made on the static page; call once the machine takes events. */
export function replayPendingAction(): void {
  const action = pending;
  pending = null;
  if (!action) return;
  const root = document.getElementById('root');
  if (!root) return;
  if (action.type === 'submit') {
    root.querySelector('form')?.requestSubmit();
    return;
  }
  const selector = action.type === 'click' ? 'button' : 'select';
  const control = [...root.querySelectorAll(selector)].find((element) => controlKey(element) === action.key);
  if (control instanceof HTMLSelectElement && action.type === 'select') {
    control.value = action.value;
    control.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (control instanceof HTMLButtonElement) {
    control.click();
  }
}

/**
 * Replays the pending action once `ready` (the machine takes events), in a task of its own: the typed
 * values reach React's state through the input events `revealApp` sends in the same commit, and that
 * state renders only after this commit's effects, so a submit replayed at once read them as empty
 * (seen in CI as "Enter your e-mail address" under fields that held the typed values).
 */
export function useReplayPendingAction(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(replayPendingAction, 0);
    return () => clearTimeout(timer);
  }, [ready]);
}
