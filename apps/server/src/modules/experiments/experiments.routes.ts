import { ExperimentAnswerSchema, StartExperimentSchema } from "@haggle/contract/experiments";
import { type ApiRoute, defineRoute } from "../../http/route.ts";
import {
  experimentAnswer,
  type HoldoutVisitorsOf,
  startExperiment,
  stopExperiment,
} from "./experiments.service.ts";

/** The merchant's holdout experiment ("measure Ava"); `visitorsOf` counts the visitors' orders. */
export const experimentRoutes = (visitorsOf: HoldoutVisitorsOf): ApiRoute[] => [
  defineRoute({
    method: "get",
    path: "/api/merchant/experiment",
    summary:
      "The holdout experiment (the running one, else the last stopped, else null) with both groups' figures since it started and the 95% intervals",
    tag: "Merchant",
    access: "merchant",
    response: ExperimentAnswerSchema,
    handler: async (c) => await experimentAnswer(c.get("deps").database.db, visitorsOf),
  }),
  defineRoute({
    method: "post",
    path: "/api/merchant/experiment",
    summary:
      "Start measuring Ava: hold out holdoutPct% of the shoppers (default 10) from a new measurement period; 409 while one runs",
    tag: "Merchant",
    access: "merchant",
    body: StartExperimentSchema,
    status: 201,
    response: ExperimentAnswerSchema,
    handler: async (c, { body }) =>
      await startExperiment(c.get("deps").database.db, body.holdoutPct, visitorsOf),
  }),
  defineRoute({
    method: "post",
    path: "/api/merchant/experiment/stop",
    summary: "Stop the running experiment (its figures stay, up to now); 409 when none runs",
    tag: "Merchant",
    access: "merchant",
    response: ExperimentAnswerSchema,
    handler: async (c) => await stopExperiment(c.get("deps").database.db, visitorsOf),
  }),
];
