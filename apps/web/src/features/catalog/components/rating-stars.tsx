import { StarIcon } from "lucide-react";
import { cn } from "@/lib/cn";
import { countNoun } from "@/lib/count-noun";

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * Five stars filled to the rating, its number, and the review count; read out as "Rated 4.5 out
 * of 5". A product nobody has reviewed has no rating to show: "No reviews yet", no stars.
 */
export function RatingStars({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  if (reviewCount === 0) return <p className="text-sm text-muted-foreground">No reviews yet</p>;
  const rounded = Math.round(rating * 2) / 2;
  const shown = rating.toFixed(1);
  return (
    <div className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-sm">
      <span className="flex items-center" role="img" aria-label={`Rated ${shown} out of 5`}>
        {STARS.map((star) => {
          const fill = rounded >= star ? "full" : rounded >= star - 0.5 ? "half" : "empty";
          return (
            <span key={star} className="relative inline-flex size-4" aria-hidden="true">
              <StarIcon className="absolute size-4 text-muted-foreground/40" />
              {fill !== "empty" && (
                <span
                  className={cn(
                    "absolute inset-y-0 left-0 overflow-hidden",
                    fill === "half" ? "w-1/2" : "w-full",
                  )}
                >
                  <StarIcon className="size-4 fill-star text-star" />
                </span>
              )}
            </span>
          );
        })}
      </span>
      <span className="font-medium" aria-hidden="true">
        {shown}
      </span>
      <span className="text-muted-foreground" aria-hidden="true">
        ({reviewCount.toLocaleString("en-US")})
      </span>
      <span className="sr-only">{countNoun(reviewCount, "review")}</span>
    </div>
  );
}
