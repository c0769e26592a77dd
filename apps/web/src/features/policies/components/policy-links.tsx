import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { usePolicyList } from "../api/use-policies";

/** Whether the element has come near the screen (once true, stays true). */
function useSeen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: "400px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return { ref, seen };
}

/**
 * The footer's links to the pages the merchant has published (none until one is written). The
 * list is asked for when the footer comes near the screen: the footer starts below the fold, so
 * a first visit loads none of it (nor the schemas that read it).
 */
export function PolicyLinks() {
  const { ref, seen } = useSeen<HTMLDivElement>();
  const { data } = usePolicyList(seen);
  const pages = data?.items ?? [];
  return (
    <div ref={ref}>
      {pages.length > 0 && (
        <nav aria-label="Shop policies" className="mb-3">
          <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1">
            {pages.map((page) => (
              <li key={page.kind}>
                <Link
                  to={page.path}
                  className="rounded-sm underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {page.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
