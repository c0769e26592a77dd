import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createMemoryRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  type RouteObject,
  RouterProvider,
  useBlocker,
  useParams,
  useRouteError,
  useSearchParams,
} from "./router";

afterEach(cleanup);

function Layout() {
  return (
    <div>
      <NavLink to="/" end>
        Home
      </NavLink>
      <NavLink to="/products/kettle">Kettle</NavLink>
      <Link to="/form">Form</Link>
      <Outlet />
    </div>
  );
}

function Product() {
  const { slug } = useParams();
  const [params, setParams] = useSearchParams();
  return (
    <div>
      <h1>Product {slug}</h1>
      <p>qty {params.get("qty") ?? "none"}</p>
      <button
        type="button"
        onClick={() =>
          setParams((current) => new URLSearchParams({ ...Object.fromEntries(current), qty: "2" }))
        }
      >
        Two
      </button>
    </div>
  );
}

function Form() {
  const blocker = useBlocker(() => true);
  return blocker.state === "blocked" ? (
    <div>
      <button type="button" onClick={() => blocker.proceed?.()}>
        Leave
      </button>
      <button type="button" onClick={() => blocker.reset?.()}>
        Stay
      </button>
    </div>
  ) : (
    <h1>Form</h1>
  );
}

function Broken(): never {
  throw new Error("chunk failed");
}

function Oops() {
  return <h1>Oops: {String((useRouteError() as Error).message)}</h1>;
}

const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <Oops />,
    children: [
      { index: true, element: <h1>Home page</h1> },
      { path: "products/:slug", element: <Product /> },
      { path: "form", element: <Form /> },
      { path: "old", element: <Navigate to="/products/kettle" replace /> },
      { path: "broken", element: <Broken /> },
      { path: "*", element: <h1>Not found</h1> },
    ],
  },
];

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe("the app's router", () => {
  it("follows a link, marks the current page and reads params and the query", async () => {
    const router = renderAt("/");
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(screen.getByRole("link", { name: "Kettle" }));
    expect(await screen.findByRole("heading", { name: "Product kettle" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
    expect(screen.getByRole("link", { name: "Kettle" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(screen.getByRole("button", { name: "Two" }));
    expect(await screen.findByText("qty 2")).toBeTruthy();
    expect(router.state.location.search).toBe("?qty=2");
    await act(() => router.navigate(-1));
    expect(await screen.findByText("qty none")).toBeTruthy();
  });

  it("redirects, and shows the catch-all for an unknown path", async () => {
    const router = renderAt("/old");
    expect(await screen.findByRole("heading", { name: "Product kettle" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/products/kettle");
    await act(() => router.navigate("/nope"));
    expect(await screen.findByRole("heading", { name: "Not found" })).toBeTruthy();
  });

  it("holds a navigation while blocked until the visitor leaves", async () => {
    const router = renderAt("/form");
    fireEvent.click(screen.getByRole("link", { name: "Kettle" }));
    fireEvent.click(await screen.findByRole("button", { name: "Stay" }));
    expect(await screen.findByRole("heading", { name: "Form" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/form");
    fireEvent.click(screen.getByRole("link", { name: "Kettle" }));
    fireEvent.click(await screen.findByRole("button", { name: "Leave" }));
    expect(await screen.findByRole("heading", { name: "Product kettle" })).toBeTruthy();
  });

  it("shows the error element when a page throws, and recovers on the next page", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const router = renderAt("/broken");
    expect(await screen.findByRole("heading", { name: "Oops: chunk failed" })).toBeTruthy();
    await act(() => router.navigate("/"));
    expect(await screen.findByRole("heading", { name: "Home page" })).toBeTruthy();
    spy.mockRestore();
  });
});
