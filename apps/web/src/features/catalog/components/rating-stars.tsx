import { useId } from "react";
import { groupThousands } from "@haggle/domain/pricing/money";
import { countNoun } from "@/lib/count-noun";

/** Lucide's star outline, in its 24-unit box. */
const STAR_PATH =
  "M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z";
const STARS = [0, 1, 2, 3, 4] as const;

/**
 * The five stars as one small SVG: the star drawn once and used five times, the filled ones
 * clipped to the rating (to the half star). A grid of 24 cards drew 240 icon SVGs before; the
 * server-rendered catalogue was mostly stars.
 */
function Stars({ rounded }: { rounded: number }) {
  const id = useId();
  const star = `${id}star`;
  const clip = `${id}clip`;
  return (
    <svg
      width="80"
      height="16"
      viewBox="0 0 120 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="shrink-0"
    >
      <defs>
        <path id={star} d={STAR_PATH} />
        <clipPath id={clip}>
          <rect width={rounded * 24} height="24" />
        </clipPath>
      </defs>
      <g className="text-muted-foreground/40">
        {STARS.map((i) => (
          <use key={i} href={`#${star}`} x={i * 24} />
        ))}
      </g>
      <g className="fill-star text-star" clipPath={`url(#${clip})`}>
        {STARS.map((i) => (
          <use key={i} href={`#${star}`} x={i * 24} />
        ))}
      </g>
    </svg>
  );
}

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
        <Stars rounded={rounded} />
      </span>
      <span className="font-medium" aria-hidden="true">
        {shown}
      </span>
      <span className="text-muted-foreground" aria-hidden="true">
        ({groupThousands(reviewCount)})
      </span>
      <span className="sr-only">{countNoun(reviewCount, "review")}</span>
    </div>
  );
}
