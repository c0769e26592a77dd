import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { experimentQueryKey, fetchExperiment, startExperiment, stopExperiment } from "./experiment-api";

export function useExperiment() {
  return useQuery({ queryKey: experimentQueryKey, queryFn: ({ signal }) => fetchExperiment(signal) });
}

/** Start or stop: the answer is the experiment as it now stands. */
export function useExperimentSwitch() {
  const queryClient = useQueryClient();
  const onSuccess = (answer: Awaited<ReturnType<typeof fetchExperiment>>) =>
    queryClient.setQueryData(experimentQueryKey, answer);
  const onSettled = () => queryClient.invalidateQueries({ queryKey: experimentQueryKey });
  return {
    start: useMutation({ mutationFn: startExperiment, onSuccess, onSettled }),
    stop: useMutation({ mutationFn: stopExperiment, onSuccess, onSettled }),
  };
}
