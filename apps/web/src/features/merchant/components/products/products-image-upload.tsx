import {
  isUploadImageType,
  UPLOAD_IMAGE_MAX_BYTES,
  UPLOAD_IMAGE_SIZE_MESSAGE,
  UPLOAD_IMAGE_TYPE_MESSAGE,
  UPLOAD_IMAGE_TYPES,
} from "@haggle/domain/catalog/image-upload";
import { useMutation } from "@tanstack/react-query";
import { ImageUpIcon, LoaderCircleIcon } from "lucide-react";
import { type ChangeEvent, useId, useState } from "react";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/error-message";
import { uploadProductImage } from "../../api/products-api";

interface ProductImageUploadProps {
  /** The product's image URL as the form holds it now (shown as a preview). */
  imageUrl: string;
  /** A picture was stored: its URL becomes the product's image URL. */
  onUploaded: (url: string) => void;
}

/** Upload a picture from the device (checked here and by the server), or keep typing a URL above. */
export function ProductImageUpload({ imageUrl, onUploaded }: ProductImageUploadProps) {
  const id = useId();
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

  const preview = imageUrl.trim();
  return (
    <div className="flex items-start gap-3 sm:col-span-2">
      <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
        {preview ? (
          <img src={preview} alt="Preview" className="size-full object-cover" />
        ) : (
          <ImageUpIcon className="size-6 text-muted-foreground" aria-hidden="true" />
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={`${id}-file`}>Upload a picture</Label>
        <input
          id={`${id}-file`}
          type="file"
          accept={Object.keys(UPLOAD_IMAGE_TYPES).join(",")}
          onChange={onChange}
          disabled={upload.isPending}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ""}`}
          aria-invalid={problem ? true : undefined}
          className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          PNG, JPEG, WebP or GIF, at most 2 MB. It replaces the image URL.
        </p>
        {upload.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
            Uploading…
          </p>
        )}
        {problem && (
          <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}
