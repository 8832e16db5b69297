import { describe, expect, it } from 'vitest';
import { screenList } from '../../shared/screens.ts';
import { navItems } from './nav-items.ts';
import { pageComponentName } from './router.tsx';

describe('each screen’s page and menu entry', () => {
  it('names the component its page module exports', () => {
    expect(pageComponentName('pillow')).toBe('PillowPage');
    expect(pageComponentName('archived-customers')).toBe('ArchivedCustomersPage');
  });

  it.each(screenList.map((screen) => [screen.name, screen.page] as const))(
    '%s: routes/%s-page.tsx exports its page component',
    async (_name, page) => {
      const module = (await import(`./routes/${page}-page.tsx`)) as Record<string, unknown>;
      expect(typeof module[pageComponentName(page)]).toBe('function');
    },
  );

  it('the menu lists the pages in their old order, with their Danish names and icons', () => {
    expect(navItems.map((item) => [item.to, item.label])).toEqual([
      ['/pillow', 'Puden'],
      ['/customers', 'Kunder'],
      ['/needles', 'Nåle'],
      ['/orders', 'Ordrer'],
      ['/todos', 'Todo'],
      ['/reminders', 'Betalingspåmindelser'],
      ['/packing', 'Pakning'],
      ['/sales', 'Salg'],
      ['/books', 'Regnskab'],
      ['/stocktake', 'Optælling'],
      ['/settings', 'Indstillinger'],
    ]);
    for (const item of navItems) expect(item.icon).toBeTruthy();
  });
});
