import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddCustomerDialog } from './add-customer-dialog.tsx';

configure({ asyncUtilTimeout: 5000 });

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Post = { key: string | undefined; body: unknown };
let posts: Post[];
let answer: () => Promise<Response>;

beforeEach(() => {
  posts = [];
  answer = async () => Response.json({ id: 'c1', name: 'Åse' }, { status: 201 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      posts.push({ key: headers['idempotency-key'], body: JSON.parse(String(init.body)) });
      return answer();
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

function renderDialog(onAdded = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const onClose = vi.fn();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AddCustomerDialog open onClose={onClose} onAdded={onAdded} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, onClose, onAdded };
}

describe('AddCustomerDialog idempotency', () => {
  it('sends one Idempotency-Key for a double tap: both requests carry the same key', async () => {
    let release: (response: Response) => void = () => {};
    answer = () => new Promise<Response>((resolve) => (release = resolve));
    renderDialog();
    await userEvent.type(screen.getByLabelText(/Kundens navn/), 'Åse');
    const form = screen.getByRole('button', { name: 'Tilføj' }).closest('form') as HTMLFormElement;
    // Two submits in the same instant, before React has disabled the button.
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(posts.length).toBeGreaterThanOrEqual(1));
    release(Response.json({ id: 'c1', name: 'Åse' }, { status: 201 }));
    await waitFor(() => expect(screen.getByText('Kunde tilføjet')).toBeInTheDocument());
    expect(posts[0]?.key).toMatch(uuid);
    expect(new Set(posts.map((post) => post.key)).size).toBe(1);
  });

  it('retries with the same key after a network error, and uses a new key for the next customer', async () => {
    answer = async () => {
      throw new TypeError('Failed to fetch');
    };
    const { unmount } = renderDialog();
    await userEvent.type(screen.getByLabelText(/Kundens navn/), 'Åse');
    await userEvent.click(screen.getByRole('button', { name: 'Tilføj' }));
    await waitFor(() => expect(posts).toHaveLength(1));

    answer = async () => Response.json({ id: 'c1', name: 'Åse' }, { status: 201 });
    await userEvent.click(await screen.findByRole('button', { name: 'Tilføj' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]?.key).toBe(posts[0]?.key);
    unmount();

    renderDialog();
    await userEvent.type(screen.getByLabelText(/Kundens navn/), 'Åse');
    await userEvent.click(screen.getByRole('button', { name: 'Tilføj' }));
    await waitFor(() => expect(posts).toHaveLength(3));
    expect(posts[2]?.key).toMatch(uuid);
    expect(posts[2]?.key).not.toBe(posts[0]?.key);
  });
});
