import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { toast } from "sonner";
import { startErrorToast } from "../lib/negotiation-errors";
import { startNegotiation } from "./negotiation-api";

export interface StartedNegotiation {
  negotiationId: string | null;
  isStarting: boolean;
  isError: boolean;
  /** Tries again after a failure. */
  retry: () => void;
}

/**
 * Starts one negotiation per visit of the screen. StrictMode runs effects twice on mount; the
 * ref (kept across that) makes sure the second run does not start (and so delete) another one.
 */
export function useStartNegotiation(): StartedNegotiation {
  const started = useRef(false);
  const { mutate, data, isPending, isError, isIdle } = useMutation({
    mutationFn: startNegotiation,
    onError: (error) => {
      console.error("Starting the negotiation failed", error);
      const { title, description } = startErrorToast(error);
      toast.error(title, description ? { description } : undefined);
    },
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  const retry = useCallback(() => {
    if (!isPending) mutate();
  }, [isPending, mutate]);

  return { negotiationId: data?.id ?? null, isStarting: isPending || isIdle, isError, retry };
}
