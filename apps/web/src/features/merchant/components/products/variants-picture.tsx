import { UPLOAD_IMAGE_TYPES } from "@haggle/domain/catalog/image-upload";
import { ImageUpIcon, LoaderCircleIcon } from "lucide-react";
import { useId } from "react";
import { usePictureUpload } from "../../hooks/use-picture-upload";

interface VariantPictureUploadProps {
  /** The row's combination, as its other cells name it ("M / Black"). */
  title: string;
  /** The row's picture URL now (empty: the product's picture): shown as a thumbnail. */
  imageUrl: string;
  disabled: boolean;
  /** A picture was stored: its URL becomes the row's picture URL. */
  onUploaded: (url: string) => void;
}

/**
 * A row's own picture from the device, beside its URL box: the same checks and upload as the
 * product form's, so a variant's picture needs no URL pasted. The thumbnail shows what is set.
 */
export function VariantPictureUpload({ title, imageUrl, disabled, onUploaded }: VariantPictureUploadProps) {
  const id = useId();
  const { onChange, problem, pending } = usePictureUpload(onUploaded);

  const preview = imageUrl.trim();
  return (
    <div className="flex w-40 shrink-0 flex-col gap-1">
      <div className="flex items-center gap-2">
        <div className="flex size-8 shrink-0 items-center justify-center overflow-hidden rounded border bg-muted">
          {preview ? (
            <img src={preview} alt="" className="size-full object-cover" />
          ) : (
            <ImageUpIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          )}
        </div>
        {/* The label is the button: the file input stays in the tab order, visually hidden. */}
        <label
          htmlFor={`${id}-file`}
          className="flex h-8 cursor-pointer items-center rounded-md border bg-background px-2 text-xs font-medium has-[:disabled]:cursor-not-allowed has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
        >
          {pending ? (
            <span className="flex items-center gap-1">
              <LoaderCircleIcon className="size-3 animate-spin" aria-hidden="true" />
              Uploading…
            </span>
          ) : (
            "Upload"
          )}
          <input
            id={`${id}-file`}
            type="file"
            className="sr-only"
            accept={Object.keys(UPLOAD_IMAGE_TYPES).join(",")}
            aria-label={`Upload a picture of ${title}`}
            onChange={onChange}
            disabled={disabled || pending}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
        </label>
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-xs text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
