import { describe, expect, it } from "vitest";
import { matchPath, matchRoutes, type RouteObject } from "./match-routes";

const routes: RouteObject[] = [
  {
    handle: "layout",
    children: [
      { index: true, handle: "home" },
      { path: "products/:slug", handle: "product" },
      {
        path: "merchant",
        handle: "merchant",
        children: [
          {
            handle: "merchant-layout",
            children: [
              { index: true, handle: "dashboard" },
              { path: "orders", handle: "orders" },
            ],
          },
        ],
      },
      { path: "*", handle: "not-found" },
    ],
  },
];

const handles = (pathname: string) => matchRoutes(routes, pathname)?.map((match) => match.route.handle);

describe("matchRoutes", () => {
  it("matches the index route, a parameter (decoded) and nested layouts", () => {
    expect(handles("/")).toEqual(["layout", "home"]);
    expect(matchRoutes(routes, "/products/caf%C3%A9-mug")?.at(-1)?.params).toEqual({ slug: "café-mug" });
    expect(handles("/merchant")).toEqual(["layout", "merchant", "merchant-layout", "dashboard"]);
    expect(handles("/Merchant/Orders/")).toEqual(["layout", "merchant", "merchant-layout", "orders"]);
  });

  it("sends a path no route takes, under a section too, to the catch-all", () => {
    expect(handles("/nope")).toEqual(["layout", "not-found"]);
    expect(handles("/merchant/nope")).toEqual(["layout", "not-found"]);
    expect(handles("/products/a/b")).toEqual(["layout", "not-found"]);
  });

  it("matchPath matches a whole path only", () => {
    expect(matchPath("/products/:slug", "/products/kettle")).toEqual({ params: { slug: "kettle" } });
    expect(matchPath("/products/:slug", "/products")).toBeNull();
    expect(matchPath("/products/:slug", "/products/kettle/more")).toBeNull();
  });
});
