import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { apiFetch } from "@/lib/api-client";

/** Header sign-out: on success every cached answer is dropped and the shopper lands on /auth. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiFetch("/api/auth/sign-out", { method: "POST", body: {} }),
    onSuccess: () => {
      queryClient.clear();
      navigate("/auth");
    },
    onError: () => {
      toast.error("Error", { description: "Failed to sign out" });
    },
  });
}
