import { Link } from "react-router";
import { usePolicyList } from "../api/use-policies";

/** The footer's links to the pages the merchant has published (none until one is written). */
export function PolicyLinks() {
  const { data } = usePolicyList();
  const pages = data?.items ?? [];
  if (pages.length === 0) return null;
  return (
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
  );
}
