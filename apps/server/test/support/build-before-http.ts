/**
 * Global setup of the HTTP tier: brings the build up to date once, before any file runs, with the
 * script `npm start` runs (nothing to do when it is current). Server processes the tests start
 * (server-process.ts) run the bundle it makes, as `npm start` does: importing the server through
 * tsx took 3.5-4.3 s of CPU per process, the bundle 1.2 s. Built here rather than by the first
 * file that needs it, so no build replaces the bundle under a process another file started.
 */
import { builtWebDist } from "./built-web-dist.ts";

export default function setup(): void {
  builtWebDist();
}
