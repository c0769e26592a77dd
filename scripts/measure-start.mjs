#!/usr/bin/env node
// Measures a start of the shop: the time until GET / answers 200, then the resident memory
// (RSS) of every process the start left running, at once and after a wait. The command runs in
// its own process group, which is stopped afterwards.
//
//   node scripts/measure-start.mjs [--wait 60] [--port 3440] [--] [command ...]
//
// The default command is `npm start`. DATA_DIR and the rest of the environment pass through.
import { execFileSync, spawn } from "node:child_process";

const args = process.argv.slice(2);
let waitSeconds = 60;
let port = Number(process.env.PORT ?? 3000);
const command = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--wait") waitSeconds = Number(args[++i]);
  else if (args[i] === "--port") port = Number(args[++i]);
  else if (args[i] === "--") {
    command.push(...args.slice(i + 1));
    break;
  } else command.push(args[i]);
}
if (command.length === 0) command.push("npm", "start");

/** The processes of a group with their resident memory in MiB, largest first. */
function groupMemory(pgid) {
  const out = execFileSync("ps", ["-o", "pid=,rss=,args=", "-g", String(pgid)], { encoding: "utf8" });
  return out
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [, pid, rss, cmd] = line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/) ?? [];
      return { pid: Number(pid), rssMiB: Math.round(Number(rss) / 1024), command: cmd.slice(0, 80) };
    })
    .filter((p) => !p.command.startsWith("ps "))
    .sort((a, b) => b.rssMiB - a.rssMiB);
}

function report(label, processes) {
  const total = processes.reduce((sum, p) => sum + p.rssMiB, 0);
  console.log(`${label}: ${total} MiB in ${processes.length} process(es)`);
  for (const p of processes) console.log(`  ${String(p.rssMiB).padStart(5)} MiB  pid ${p.pid}  ${p.command}`);
}

const started = performance.now();
const child = spawn(command[0], command.slice(1), {
  detached: true,
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, PORT: String(port) },
});
let exited = false;
child.on("exit", (code) => {
  exited = true;
  if (code !== null && code !== 0) console.error(`the command exited with ${code}`);
});

const stop = () => {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {}
};
process.on("SIGINT", () => {
  stop();
  process.exit(130);
});

let readyMs = null;
while (!exited && performance.now() - started < 300_000) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/`);
    await res.arrayBuffer();
    if (res.status === 200) {
      readyMs = Math.round(performance.now() - started);
      break;
    }
  } catch {}
  await new Promise((r) => setTimeout(r, 50));
}
if (readyMs === null) {
  console.error("GET / never answered 200");
  stop();
  process.exit(1);
}
console.log(`command: ${command.join(" ")}`);
console.log(`GET / answered 200 after ${readyMs} ms`);
report("RSS at first page", groupMemory(child.pid));
if (waitSeconds > 0) {
  await new Promise((r) => setTimeout(r, waitSeconds * 1000));
  report(`RSS after ${waitSeconds} s idle`, groupMemory(child.pid));
}
stop();
