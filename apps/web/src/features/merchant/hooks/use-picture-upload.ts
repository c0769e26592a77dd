import {
  isUploadImageType,
  UPLOAD_IMAGE_MAX_BYTES,
  UPLOAD_IMAGE_SIZE_MESSAGE,
  UPLOAD_IMAGE_TYPE_MESSAGE,
} from "@haggle/domain/catalog/image-upload";
import { useMutation } from "@tanstack/react-query";
import { type ChangeEvent, useState } from "react";
import { errorMessage } from "@/lib/error-message";
import { uploadProductImage } from "../api/products-api";

/**
 * A picture chosen on the device, checked here as the server checks it (type, size), then
 * uploaded: `onChange` is the file input's handler, `problem` the sentence to show, `pending`
 * while it uploads. The product form and a variant's row use the same.
 */
export function usePictureUpload(onUploaded: (url: string) => void) {
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({ mutationFn: uploadProductImage });

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!isUploadImageType(file.type)) return setProblem(UPLOAD_IMAGE_TYPE_MESSAGE);
    if (file.size > UPLOAD_IMAGE_MAX_BYTES) return setProblem(UPLOAD_IMAGE_SIZE_MESSAGE);
    setProblem(null);
    upload.mutate(file, {
      onSuccess: ({ url }) => onUploaded(url),
      onError: (error) =>
        setProblem(errorMessage(error, "The picture could not be uploaded. Please try again.")),
    });
  }

  return { onChange, problem, pending: upload.isPending };
}
