/**
 * mulberry32: a tiny, fast, seeded pseudo-random generator (32 bits of state), plenty for demo
 * data, simulated shoppers and benchmarks, where the same seed must give the same numbers on every
 * machine. Never for anything secret.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A source of numbers in [0, 1), as Math.random and mulberry32 give. */
export type Rand = () => number;

/** One of `options`, each as likely as the others. */
export function pickWith<T>(rand: Rand, options: readonly T[]): T {
  return options[Math.floor(rand() * options.length)] as T;
}

/** A whole number from `min` to `max`, both included, each as likely as the others. */
export function intBetween(rand: Rand, min: number, max: number): number {
  return min + Math.floor(rand() * (max - min + 1));
}
