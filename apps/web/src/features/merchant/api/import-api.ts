import {
  type EmbeddingProgress,
  EmbeddingProgressSchema,
  type ProductImport,
  ProductImportSchema,
} from "@haggle/contract/product-import";
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

/** Sends the file; the server answers once it has the bytes, and imports in the background. */
export function startProductImport(file: File): Promise<ProductImport> {
  return apiFetch(`/api/merchant/imports?fileName=${encodeURIComponent(file.name)}`, {
    method: "POST",
    file: file.type ? file : new Blob([file], { type: "application/octet-stream" }),
    schema: ProductImportSchema,
  });
}

export function fetchProductImport(id: string): Promise<ProductImport> {
  return apiFetch(`/api/merchant/imports/${encodeURIComponent(id)}`, { schema: ProductImportSchema });
}

export function importErrorsUrl(id: string): string {
  return `/api/merchant/imports/${encodeURIComponent(id)}/errors.csv`;
}

export function useStartProductImport() {
  return useMutation({ mutationFn: startProductImport });
}

/** The import's progress, asked again every half second while it runs. */
export function useProductImport(id: string | null) {
  return useQuery({
    queryKey: ["merchant", "imports", id],
    queryFn: () => fetchProductImport(id as string),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === "running" ? 500 : false),
  });
}

export function fetchEmbeddingProgress(): Promise<EmbeddingProgress> {
  return apiFetch("/api/merchant/embeddings/progress", { schema: EmbeddingProgressSchema });
}

/** How far AI search embeddings are; asked again every two seconds while some are missing. */
export function useEmbeddingProgress() {
  return useQuery({
    queryKey: ["merchant", "embeddings", "progress"],
    queryFn: fetchEmbeddingProgress,
    refetchInterval: (query) => ((query.state.data?.missing ?? 0) > 0 ? 2000 : false),
  });
}
