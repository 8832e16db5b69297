import { act, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { noteTyping, replayTaps, replayTyping } from './held-taps.ts';

/**
 * The page's first script (boot/hold-taps.ts) and the app's replay (held-taps.ts) together: a server screen in the
 * root, taps and typing before the app, then the app hydrates (or renders anew) and carries them out.
 */
function Screen({ onAdd, onSearch }: { onAdd: () => void; onSearch: (value: string) => void }) {
  const [search, setSearch] = useState('');
  const [checked, setChecked] = useState(false);
  return (
    <div>
      <header>
        <button type="button" data-boot-menu-open="">
          Menu
        </button>
        <a href="/customers">Kunder</a>
      </header>
      <main>
        <input
          aria-label="Søg"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            onSearch(event.target.value);
          }}
        />
        <button type="button" onClick={onAdd}>
          Tilføj Ny
        </button>
        <label>
          <input type="checkbox" checked={checked} onChange={(event) => setChecked(event.target.checked)} />
          Pakket
        </label>
      </main>
    </div>
  );
}

const noop = () => undefined;

function serverPage(): HTMLElement {
  document.body.innerHTML = `<div id="root" data-first-screen="" aria-busy="true">${renderToString(
    <Screen onAdd={noop} onSearch={noop} />,
  )}</div><div id="boot-menu" hidden><div data-boot-menu-close=""></div><a href="/pillow">Puden</a></div>`;
  return document.getElementById('root') as HTMLElement;
}

const click = (element: Element) =>
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
const byText = (root: Element, text: string) =>
  [...root.querySelectorAll('button, a, label')].find(
    (element) => element.textContent?.trim() === text,
  ) as HTMLElement;

beforeAll(async () => {
  await import('../boot/hold-taps.ts');
});

afterEach(() => {
  window.naalepudenTaps?.controls.splice(0);
  if (window.naalepudenTaps) window.naalepudenTaps.menuOpen = false;
  document.body.innerHTML = '';
});

describe('the taps held before the app is there', () => {
  it('holds a tap on a control once, marks it pressed, and keeps the page as it is', () => {
    const root = serverPage();
    const add = byText(root, 'Tilføj Ny');
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    add.dispatchEvent(event);
    click(add);
    expect(event.defaultPrevented).toBe(true);
    expect(window.naalepudenTaps?.controls).toEqual([add]);
    expect(document.querySelectorAll('[data-tap-held]')).toHaveLength(1);
    // A box stays as it was until the app changes it, once.
    const box = root.querySelector('input[type="checkbox"]') as HTMLInputElement;
    box.click();
    expect(box.checked).toBe(false);
    expect(window.naalepudenTaps?.controls).toHaveLength(2);
  });

  it('lets links be links and fields take the typing; holds nothing once the app is there', () => {
    const root = serverPage();
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    byText(root, 'Kunder').dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
    const field = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('input[aria-label="Søg"]')?.dispatchEvent(field);
    expect(field.defaultPrevented).toBe(false);
    root.removeAttribute('data-first-screen');
    click(byText(root, 'Tilføj Ny'));
    expect(window.naalepudenTaps?.controls).toEqual([]);
  });

  it('opens the plain menu at Menu, closes it at a tap beside it and at Escape', () => {
    const root = serverPage();
    const menu = document.getElementById('boot-menu') as HTMLElement;
    click(byText(root, 'Menu'));
    expect(menu.hidden).toBe(false);
    expect(window.naalepudenTaps?.menuOpen).toBe(true);
    click(menu.querySelector('[data-boot-menu-close]') as Element);
    expect(menu.hidden).toBe(true);
    click(byText(root, 'Menu'));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(menu.hidden).toBe(true);
    expect(window.naalepudenTaps?.controls).toEqual([]);
  });
});

describe('the app carries them out', () => {
  it('after hydrating: each held tap once, the typed text through its change handler, the caret kept', async () => {
    const root = serverPage();
    const field = root.querySelector('input[aria-label="Søg"]') as HTMLInputElement;
    field.focus();
    field.value = 'Åse';
    field.setSelectionRange(1, 1);
    click(byText(root, 'Tilføj Ny'));
    click(root.querySelector('input[type="checkbox"]') as Element);

    const onAdd = vi.fn();
    const onSearch = vi.fn();
    const typed = noteTyping(root, false);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(root, <Screen onAdd={onAdd} onSearch={onSearch} />, { onRecoverableError: recoverable });
    });
    root.removeAttribute('data-first-screen');
    await act(async () => {
      replayTyping(root, typed);
      replayTaps(root, typed);
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(onSearch).toHaveBeenCalledWith('Åse');
    expect(field.value).toBe('Åse');
    expect(field.selectionStart).toBe(1);
    expect(document.activeElement).toBe(field);
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect((root.querySelector('input[type="checkbox"]') as HTMLInputElement).checked).toBe(true);
    expect(document.querySelectorAll('[data-tap-held]')).toHaveLength(0);
  });

  it('after rendering anew: the same controls and fields found again by their place', async () => {
    const root = serverPage();
    const field = root.querySelector('input[aria-label="Søg"]') as HTMLInputElement;
    field.value = 'Bo';
    click(byText(root, 'Tilføj Ny'));
    const onAdd = vi.fn();
    const onSearch = vi.fn();
    const typed = noteTyping(root, true);
    // The old field takes no more typing: its text moves to the new one.
    expect(field.readOnly).toBe(true);
    await act(async () => {
      createRoot(root).render(<Screen onAdd={onAdd} onSearch={onSearch} />);
    });
    root.removeAttribute('data-first-screen');
    await act(async () => {
      replayTyping(root, typed);
      replayTaps(root, typed);
    });
    expect(root.querySelector('input[aria-label="Søg"]')).not.toBe(field);
    expect((root.querySelector('input[aria-label="Søg"]') as HTMLInputElement).value).toBe('Bo');
    expect(onSearch).toHaveBeenCalledWith('Bo');
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('drops the taps held under the plain menu: it stands open as the app’s drawer', async () => {
    const root = serverPage();
    click(byText(root, 'Tilføj Ny'));
    click(byText(root, 'Menu'));
    const onAdd = vi.fn();
    const typed = noteTyping(root, false);
    await act(async () => {
      hydrateRoot(root, <Screen onAdd={onAdd} onSearch={noop} />);
    });
    await act(async () => replayTaps(root, typed));
    expect(onAdd).not.toHaveBeenCalled();
  });
});
