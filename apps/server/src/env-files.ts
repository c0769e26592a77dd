import { readFileSync } from "node:fs";

/**
 * The settings that are secrets: each may come from a file instead, named by `<NAME>_FILE`
 * (container secrets are mounted as files, which stay out of `docker inspect` and process lists).
 */
export const SECRET_SETTINGS = [
  "DATABASE_URL",
  "AUTH_SECRET",
  "SMTP_URL",
  "AI_API_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "ACP_SIGNING_SECRET",
  "ACP_WEBHOOK_SECRET",
] as const;

/**
 * `source` with every `<NAME>_FILE` of a secret read into `<NAME>` (its content without the final
 * line break). Setting both is refused, as is a file that cannot be read: one sentence per problem.
 */
export function withSecretFiles(
  source: NodeJS.ProcessEnv,
  read: (file: string) => string = (file) => readFileSync(file, "utf8"),
): { env: NodeJS.ProcessEnv; problems: string[] } {
  const env: NodeJS.ProcessEnv = { ...source };
  const problems: string[] = [];
  for (const name of SECRET_SETTINGS) {
    const file = source[`${name}_FILE`];
    if (file === undefined || file === "") continue;
    if (source[name] !== undefined && source[name] !== "") {
      problems.push(`  ${name}_FILE: ${name} is set too; set one of them`);
      continue;
    }
    try {
      env[name] = read(file).replace(/\r?\n$/, "");
    } catch (error) {
      problems.push(
        `  ${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? "error"})`,
      );
    }
  }
  return { env, problems };
}
