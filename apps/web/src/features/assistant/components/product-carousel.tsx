import type { Product } from "@haggle/contract/products";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { CarouselProductCard } from "./carousel-product-card";

/** The spec's carousel: arrows only for more than two products, each click scrolls 300px. */
export const CAROUSEL_SCROLL_STEP = 300;
export const CAROUSEL_ARROWS_FROM = 3;

interface ProductCarouselProps {
  products: Product[];
  onAddToCart: (product: Product) => void;
  onNavigate?: () => void;
}

export function ProductCarousel({ products, onAddToCart, onNavigate }: ProductCarouselProps) {
  const scroller = useRef<HTMLUListElement>(null);
  const [canScroll, setCanScroll] = useState({ left: false, right: true });
  const showArrows = products.length >= CAROUSEL_ARROWS_FROM;

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    setCanScroll({ left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 });
  }, []);

  useEffect(() => {
    const el = scroller.current;
    if (!el || !showArrows) return;
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, showArrows]);

  const scrollBy = (direction: -1 | 1) => {
    scroller.current?.scrollBy({ left: direction * CAROUSEL_SCROLL_STEP, behavior: "smooth" });
  };

  return (
    <section aria-label={`Products from Ava (${products.length})`} className="w-full min-w-0">
      <ul
        ref={scroller}
        onScroll={showArrows ? measure : undefined}
        className="relative flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-smooth pb-2 [scrollbar-width:thin]"
      >
        {products.map((product) => (
          <li key={product.id} className="flex">
            <CarouselProductCard product={product} onAddToCart={onAddToCart} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
      {showArrows && (
        <div className="mt-1 flex justify-end gap-2">
          <Button
            variant="outline"
            size="icon"
            className="size-8 rounded-full"
            aria-label="Scroll products left"
            disabled={!canScroll.left}
            onClick={() => scrollBy(-1)}
          >
            <ChevronLeftIcon aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-8 rounded-full"
            aria-label="Scroll products right"
            disabled={!canScroll.right}
            onClick={() => scrollBy(1)}
          >
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </div>
      )}
    </section>
  );
}
