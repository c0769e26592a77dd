import type { ReactElement } from "react";
import { type RouteObject, useRoutes } from "react-router";
import { type AppHistory, HistoryRouter, memoryHistory } from "@/lib/navigation";

/**
 * `routes` as the app routes them (React Router over a HistoryRouter), on a memory history at
 * `path`: `element` to render, `history` to read where it went and to move it.
 */
export function routesAt(routes: RouteObject[], path = "/"): { element: ReactElement; history: AppHistory } {
  const history = memoryHistory([path]);
  function Pages() {
    return useRoutes(routes);
  }
  return {
    history,
    element: (
      <HistoryRouter history={history}>
        <Pages />
      </HistoryRouter>
    ),
  };
}
