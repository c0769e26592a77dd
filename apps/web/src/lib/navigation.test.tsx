import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import {
  Link,
  Navigate,
  NavLink,
  Outlet,
  type RouteObject,
  useParams,
  useRoutes,
  useSearchParams,
} from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HistoryRouter, memoryHistory, RouteErrorBoundary, useLeaveBlocker } from "./navigation";

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
  const blocker = useLeaveBlocker(() => true);
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

const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary fallback={<h1>Oops</h1>}>
        <Layout />
      </RouteErrorBoundary>
    ),
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

function Pages() {
  return useRoutes(routes);
}

function renderAt(path: string) {
  const history = memoryHistory([path]);
  render(
    <HistoryRouter history={history}>
      <Pages />
    </HistoryRouter>,
  );
  return history;
}

describe("React Router over the app's history", () => {
  it("follows a link, marks the current page and reads params and the query", async () => {
    const history = renderAt("/");
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(screen.getByRole("link", { name: "Kettle" }));
    expect(await screen.findByRole("heading", { name: "Product kettle" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
    expect(screen.getByRole("link", { name: "Kettle" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(screen.getByRole("button", { name: "Two" }));
    expect(await screen.findByText("qty 2")).toBeTruthy();
    expect(history.location.search).toBe("?qty=2");
    act(() => history.go(-1));
    expect(await screen.findByText("qty none")).toBeTruthy();
  });

  it("redirects, and shows the catch-all for an unknown path", async () => {
    const history = renderAt("/old");
    expect(await screen.findByRole("heading", { name: "Product kettle" })).toBeTruthy();
    expect(history.location.pathname).toBe("/products/kettle");
    act(() => history.push("/nope"));
    expect(await screen.findByRole("heading", { name: "Not found" })).toBeTruthy();
  });

  it("holds a navigation while blocked until the visitor leaves", async () => {
    const history = renderAt("/form");
    fireEvent.click(screen.getByRole("link", { name: "Kettle" }));
    fireEvent.click(await screen.findByRole("button", { name: "Stay" }));
    expect(await screen.findByRole("heading", { name: "Form" })).toBeTruthy();
    expect(history.location.pathname).toBe("/form");
    fireEvent.click(screen.getByRole("link", { name: "Kettle" }));
    fireEvent.click(await screen.findByRole("button", { name: "Leave" }));
    expect(await screen.findByRole("heading", { name: "Product kettle" })).toBeTruthy();
  });

  it("shows the fallback when a page throws, and recovers on the next page", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const history = renderAt("/broken");
    expect(await screen.findByRole("heading", { name: "Oops" })).toBeTruthy();
    act(() => history.push("/"));
    expect(await screen.findByRole("heading", { name: "Home page" })).toBeTruthy();
    spy.mockRestore();
  });
});
