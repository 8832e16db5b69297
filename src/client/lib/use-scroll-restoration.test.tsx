import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readScrollPosition, saveScrollPosition, useScrollRestoration } from './use-scroll-restoration.ts';

function Page({ name, ready }: { name: string; ready: boolean }) {
  useScrollRestoration(name, ready);
  return null;
}

describe('useScrollRestoration', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps positions per page name', () => {
    saveScrollPosition('pillow', 640);
    saveScrollPosition('orders', 80);
    expect(readScrollPosition('pillow')).toBe(640);
    expect(readScrollPosition('orders')).toBe(80);
    expect(readScrollPosition('todos')).toBeNull();
  });

  it('restores the saved position once the page is ready, not before', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    saveScrollPosition('pillow', 640);
    const { rerender } = render(<Page name="pillow" ready={false} />);
    expect(scrollTo).not.toHaveBeenCalled();
    rerender(<Page name="pillow" ready />);
    expect(scrollTo).toHaveBeenCalledWith({ top: 640 });
    scrollTo.mockRestore();
  });

  it('saves the position while scrolling', async () => {
    render(<Page name="customers" ready />);
    Object.defineProperty(window, 'scrollY', { value: 321, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    expect(readScrollPosition('customers')).toBe(321);
  });

  it('does not save the scroll that leaving the page causes (the address has changed already)', async () => {
    window.history.replaceState(null, '', '/pillow');
    render(<Page name="pillow" ready />);
    saveScrollPosition('pillow', 640);
    window.history.pushState(null, '', '/customers/7');
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    expect(readScrollPosition('pillow')).toBe(640);
  });
});
