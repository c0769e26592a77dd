import {
  type ExperimentAnswer,
  ExperimentAnswerSchema,
  type StartExperiment,
  StartExperimentSchema,
} from "@haggle/contract/experiments";
import { apiFetch } from "@/lib/api-client";
import { merchantQueryKey } from "../hooks/use-merchant-events";

/** Under the merchant key: a realtime event or any merchant change refreshes it. */
export const experimentQueryKey = [...merchantQueryKey, "experiment"] as const;

/** GET /api/merchant/experiment: the running (or last) holdout experiment and both groups' figures. */
export function fetchExperiment(signal?: AbortSignal): Promise<ExperimentAnswer> {
  return apiFetch("/api/merchant/experiment", {
    schema: ExperimentAnswerSchema,
    ...(signal ? { signal } : {}),
  });
}

/** POST /api/merchant/experiment: starts a new measurement period. */
export function startExperiment(input: StartExperiment): Promise<ExperimentAnswer> {
  return apiFetch("/api/merchant/experiment", {
    method: "POST",
    body: StartExperimentSchema.parse(input),
    schema: ExperimentAnswerSchema,
  });
}

/** POST /api/merchant/experiment/stop: ends the running period (its figures stay). */
export function stopExperiment(): Promise<ExperimentAnswer> {
  return apiFetch("/api/merchant/experiment/stop", { method: "POST", schema: ExperimentAnswerSchema });
}
