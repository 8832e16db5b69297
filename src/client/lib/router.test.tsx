import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Outlet,
  Route,
  type RouteDefinition,
  Routes,
  useLocation,
  useRoutes,
  useScreenParams,
  useSearchParams,
} from './router.tsx';

function Customer() {
  const { id } = useScreenParams({ path: '/customers/:id' });
  return <h1>Kunde {id}</h1>;
}

function Where() {
  const location = useLocation();
  return <p>Her: {`${location.pathname}${location.search}`}</p>;
}

describe('the router', () => {
  const routes: RouteDefinition[] = [
    { path: '/', element: <Link to="/customers/7">Til kunde</Link> },
    {
      element: (
        <main>
          <NavLink to="/customers">Kunder</NavLink>
          <Outlet />
        </main>
      ),
      children: [
        { path: '/customers', element: <h1>Kunder</h1> },
        { path: '/customers/:id', element: <Customer /> },
        { path: '*', element: <h1>Findes ikke</h1> },
      ],
    },
  ];
  function App() {
    return (
      <>
        {useRoutes(routes)}
        <Where />
      </>
    );
  }

  it('renders the first matching route in its layout, and a link navigates without leaving the page', async () => {
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Til kunde' }));
    expect(await screen.findByRole('heading', { name: 'Kunde 7' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/customers/7');
    // The layout's link says it leads to the current section.
    expect(screen.getByRole('link', { name: 'Kunder' })).toHaveAttribute('aria-current', 'page');

    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(await screen.findByRole('link', { name: 'Til kunde' })).toBeInTheDocument();
    expect(screen.getByText('Her: /')).toBeInTheDocument();
  });

  it('shows the catch-all for an unknown path', () => {
    render(
      <MemoryRouter initialEntries={['/no/such/page']}>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Findes ikke' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kunder' })).not.toHaveAttribute('aria-current');
  });

  it('reads and sets the query string of the current path', async () => {
    function Filter() {
      const [params, setParams] = useSearchParams();
      return (
        <button type="button" onClick={() => setParams({ status: 'paid' }, { replace: true })}>
          Status {params.get('status') ?? 'alle'}
        </button>
      );
    }
    render(
      <MemoryRouter initialEntries={['/orders?status=active']}>
        <Routes>
          <Route path="/orders" element={<Filter />} />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Status active' }));
    expect(await screen.findByRole('button', { name: 'Status paid' })).toBeInTheDocument();
    expect(screen.getByText('Her: /orders?status=paid')).toBeInTheDocument();
  });
});
