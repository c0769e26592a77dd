import {
  DEFAULT_HOLDOUT_SHARE_BP,
  MAX_HOLDOUT_SHARE_BP,
  MIN_HOLDOUT_SHARE_BP,
} from "@haggle/domain/merchant/holdout-assignment";
import { z } from "zod";
import { MoneySchema } from "./money.ts";

/**
 * The holdout experiment ("measure Ava"): the merchant holds a share of the shoppers
 * out from Ava and compares what both groups buy. Money is dollars on the wire, cents in code.
 */

const MIN_PCT = MIN_HOLDOUT_SHARE_BP / 100;
const MAX_PCT = MAX_HOLDOUT_SHARE_BP / 100;
const shareMessage = `The share held out must be a whole percent from ${MIN_PCT} to ${MAX_PCT}.`;

export const DEFAULT_HOLDOUT_PCT = DEFAULT_HOLDOUT_SHARE_BP / 100;

export const StartExperimentSchema = z.object({
  holdoutPct: z
    .number({ error: shareMessage })
    .int(shareMessage)
    .min(MIN_PCT, shareMessage)
    .max(MAX_PCT, shareMessage)
    .optional(),
});
export type StartExperiment = z.infer<typeof StartExperimentSchema>;

export const ExperimentGroupSchema = z
  .object({
    visitors: z.number().int(),
    buyers: z.number().int(),
    orders: z.number().int(),
    /** buyers / visitors, 0 to 1. */
    conversion: z.number(),
    revenue: MoneySchema,
    averageOrderValue: MoneySchema,
    revenuePerCart: MoneySchema,
    discount: MoneySchema,
  })
  .meta({ id: "ExperimentGroup" });

export const ExperimentSchema = z
  .object({
    id: z.string(),
    /** The share of shoppers held out from Ava, in whole percent. */
    holdoutPct: z.number(),
    startedAt: z.string(),
    stoppedAt: z.string().nullable(),
    running: z.boolean(),
    ava: ExperimentGroupSchema,
    holdout: ExperimentGroupSchema,
    enoughData: z.boolean(),
    /** Revenue per cart, Ava minus held out, with its 95% confidence interval (Welch); null without enough data. */
    revenuePerCart: z.object({ difference: MoneySchema, low: MoneySchema, high: MoneySchema }).nullable(),
    /** Conversion, Ava minus held out, in shares (0.05 = 5 points), with its 95% interval; null without enough data. */
    conversion: z.object({ difference: z.number(), low: z.number(), high: z.number() }).nullable(),
    sentence: z.string(),
  })
  .meta({ id: "Experiment" });
export type Experiment = z.infer<typeof ExperimentSchema>;

/** GET /api/merchant/experiment: the running experiment, else the last one stopped, else none. */
export const ExperimentAnswerSchema = z
  .object({ experiment: ExperimentSchema.nullable() })
  .meta({ id: "ExperimentAnswer" });
export type ExperimentAnswer = z.infer<typeof ExperimentAnswerSchema>;
