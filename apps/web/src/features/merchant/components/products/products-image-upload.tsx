import { UPLOAD_IMAGE_TYPES } from "@haggle/domain/catalog/image-upload";
import { ImageUpIcon, LoaderCircleIcon } from "lucide-react";
import { useId } from "react";
import { Label } from "@/components/ui/label";
import { usePictureUpload } from "../../hooks/use-picture-upload";

interface ProductImageUploadProps {
  /** The product's image URL as the form holds it now (shown as a preview). */
  imageUrl: string;
  /** A picture was stored: its URL becomes the product's image URL. */
  onUploaded: (url: string) => void;
}

/** Upload a picture from the device (checked here and by the server), or keep typing a URL above. */
export function ProductImageUpload({ imageUrl, onUploaded }: ProductImageUploadProps) {
  const id = useId();
  const { onChange, problem, pending } = usePictureUpload(onUploaded);

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
          disabled={pending}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ""}`}
          aria-invalid={problem ? true : undefined}
          className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          PNG, JPEG, WebP or GIF, at most 2 MB. It replaces the image URL.
        </p>
        {pending && (
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
