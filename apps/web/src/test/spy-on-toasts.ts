import { beforeEach, vi } from "vitest";
import { toast } from "@/lib/toast";

const KINDS = ["success", "error", "warning", "dismiss"] as const;

/**
 * Replaces the app's toasts with spies for every test of the calling file: a test asserts which
 * toast was asked for, not sonner drawing it. Spies rather than `vi.mock` leave the file able to
 * share its worker's modules (vitest.config.ts); setup.ts restores them after the file.
 */
export function spyOnToasts(): void {
  beforeEach(() => {
    for (const kind of KINDS)
      if (!vi.isMockFunction(toast[kind])) vi.spyOn(toast, kind).mockImplementation(() => {});
  });
}
