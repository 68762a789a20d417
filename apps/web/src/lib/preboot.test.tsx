import { act, render } from '@testing-library/react';
import { type FormEvent, useLayoutEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appContainer, replayPendingAction, revealApp, useReplayPendingAction } from './preboot';

/** The pre-rendered page as scripts/prerender.mjs writes it: unnamed inputs keep `data-field`. */
function staticPage(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute('data-prerendered', 'signin');
  root.innerHTML = `<form><input data-field="email" type="email"><input data-field="password" type="password">
    <button type="submit">Sign in</button></form><button type="button" aria-label="Switch to dark theme"></button>`;
  document.body.append(root);
  return root;
}

/** A stand-in for the app's sign-in form: controlled inputs, reveals on its first layout like the root route. */
function AppForm({
  onSubmit,
  onDark,
  ready = false,
}: {
  onSubmit: (values: Record<string, string>) => void;
  onDark: () => void;
  /** The machine takes events from the first render on (the session check settled before the app). */
  ready?: boolean;
}) {
  const [values, setValues] = useState({ email: '', password: '' });
  useLayoutEffect(revealApp, []);
  useReplayPendingAction(ready);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };
  return (
    <>
      <form onSubmit={submit}>
        {(['email', 'password'] as const).map((name) => (
          <input
            key={name}
            name={name}
            value={values[name]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setValues((v) => ({ ...v, [name]: value }));
            }}
          />
        ))}
        <button type="submit">Sign in</button>
      </form>
      <button type="button" aria-label="Switch to dark theme" onClick={onDark} />
    </>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
  delete window.__vigilPreboot;
});

describe('the app taking over the pre-rendered sign-in page', () => {
  it('renders into #root itself when the page is not pre-rendered', () => {
    const root = document.createElement('div');
    expect(appContainer(root)).toBe(root);
  });

  it('keeps what was typed and where, and replays the submit made before the app had loaded', async () => {
    const root = staticPage();
    const email = root.querySelector<HTMLInputElement>('[data-field="email"]');
    const password = root.querySelector<HTMLInputElement>('[data-field="password"]');
    if (!email || !password) throw new Error('static inputs missing');
    email.value = 'analyst@acme-retail.example';
    password.value = 'typed before the app';
    password.focus();
    password.setSelectionRange(5, 5);
    window.__vigilPreboot = {
      started: true,
      taken: false,
      failed: false,
      pending: { type: 'submit' },
      focus: 'password',
    };

    const container = appContainer(root);
    expect(container).not.toBe(root);
    expect(container.hidden).toBe(true);
    const onSubmit = vi.fn();
    render(<AppForm onSubmit={onSubmit} onDark={vi.fn()} />, { container });

    // The static page is gone, the app stands in its place with the visitor's input and focus.
    expect(document.querySelector('[data-prerendered]')).toBeNull();
    expect(container.id).toBe('root');
    expect(container.hidden).toBe(false);
    const live = container.querySelector<HTMLInputElement>('input[name="password"]');
    expect(container.querySelector<HTMLInputElement>('input[name="email"]')?.value).toBe('analyst@acme-retail.example');
    expect(live?.value).toBe('typed before the app');
    expect(document.activeElement).toBe(live);
    // React's render of the input event puts the caret at the end; it is put back where it was.
    await act(async () => {});
    expect(live?.selectionStart).toBe(5);
    expect(window.__vigilPreboot?.taken).toBe(true);

    // Nothing is sent before the app says it can act; then the submit happens once, with React's state.
    expect(onSubmit).not.toHaveBeenCalled();
    act(() => replayPendingAction());
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      email: 'analyst@acme-retail.example',
      password: 'typed before the app',
    });
    act(() => replayPendingAction());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('replays a submit with what was typed when the app can act from its first render', async () => {
    const root = staticPage();
    const email = root.querySelector<HTMLInputElement>('[data-field="email"]');
    const password = root.querySelector<HTMLInputElement>('[data-field="password"]');
    if (!email || !password) throw new Error('static inputs missing');
    email.value = 'analyst@acme-retail.example';
    password.value = 'typed before the app';
    window.__vigilPreboot = { started: true, taken: false, failed: false, pending: { type: 'submit' }, focus: null };
    const onSubmit = vi.fn();
    render(<AppForm onSubmit={onSubmit} onDark={vi.fn()} ready />, { container: appContainer(root) });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      email: 'analyst@acme-retail.example',
      password: 'typed before the app',
    });
  });

  it('replays a click on the same control, found by its accessible name', () => {
    const root = staticPage();
    window.__vigilPreboot = {
      started: true,
      taken: false,
      failed: false,
      pending: { type: 'click', key: 'BUTTON|Switch to dark theme|' },
      focus: null,
    };
    const onDark = vi.fn();
    const onSubmit = vi.fn();
    render(<AppForm onSubmit={onSubmit} onDark={onDark} />, { container: appContainer(root) });
    act(() => replayPendingAction());
    expect(onDark).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
