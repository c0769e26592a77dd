import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** A stand-in for the built web app: the server's behaviour around it does not need a build. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "haggle-web-dist-"));
  writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Haggle</title><div id=root></div>");
  writeFileSync(path.join(dir, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dir, "site.webmanifest"), '{"name":"Haggle"}');
  return dir;
}

/** A stand-in whose page has a head, where the server names the shop's currency and locale. */
export function webDistWithHead(): string {
  const dir = fakeWebDist();
  writeFileSync(
    path.join(dir, "index.html"),
    "<!doctype html><html><head><title>Haggle</title></head><body><div id=root></div></body></html>",
  );
  return dir;
}
