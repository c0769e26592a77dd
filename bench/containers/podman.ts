/** Podman and podman-compose, as the container test drives them (no registry: images are built here). */
import { spawn } from "node:child_process";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** Runs a command; resolves with its output, rejects with it when it exits non-zero (unless `allowFail`). */
export function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; allowFail?: boolean; quiet?: boolean } = {},
): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: options.env ?? process.env });
    let out = "";
    const keep = (chunk: Buffer) => {
      out += chunk;
      if (!options.quiet) process.stderr.write(chunk);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0 || options.allowFail) resolve({ code: code ?? -1, out });
      else reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${out.slice(-4000)}`));
    });
  });
}

export const podman = (args: string[], options: { allowFail?: boolean; quiet?: boolean } = {}) =>
  run("podman", args, { quiet: true, ...options });

/** The address of a container in its compose network (reachable from this host with rootful podman). */
export async function containerAddress(name: string): Promise<string> {
  const { out } = await podman([
    "inspect",
    "-f",
    "{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}",
    name,
  ]);
  const address = out.trim().split(/\s+/)[0];
  if (!address) throw new Error(`${name} has no network address`);
  return address;
}

export async function imageExists(image: string): Promise<boolean> {
  return (await podman(["image", "exists", image], { allowFail: true })).code === 0;
}

/** Bytes of an image as podman reports it. */
export async function imageSize(image: string): Promise<number> {
  const { out } = await podman(["image", "inspect", "-f", "{{.Size}}", image]);
  return Number(out.trim());
}

export async function sleep(ms: number) {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `probe` until it returns a value (not undefined), or throws after `seconds`. */
export async function until<T>(
  what: string,
  seconds: number,
  probe: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${seconds} s waiting for ${what}`);
    await sleep(500);
  }
}

/** GET `url`: its status, or 0 when nothing answered within 3 s. */
export async function statusOf(url: string): Promise<number> {
  return fetch(url, { signal: AbortSignal.timeout(3000) }).then(
    (r) => r.status,
    () => 0,
  );
}
