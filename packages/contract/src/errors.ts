import { z } from "zod";

/** Every 4xx/5xx body of the API: a machine code and a human sentence. */
export const ApiErrorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
    }),
  })
  .meta({ id: "ApiError" });
export type ApiError = z.infer<typeof ApiErrorSchema>;
