/**
 * The experiments module's front door: all that code outside the module (other modules, app.ts,
 * server-runtime.ts, cli/) may import of it. `npm run lint:deps` refuses an import past it.
 */
export { experimentRoutes } from "./experiments.routes.ts";
export { holdoutAssignmentsRead } from "./read-views.store.ts";
export { runningExperimentPart } from "./experiments.store.ts";
export {
  assertNotHeldOut,
  negotiationOffered,
  noteCartVisitor,
  noteExperimentOrder,
} from "./holdout-gate.ts";
