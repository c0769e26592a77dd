/**
 * The assistant evaluation's conversations, one JSON object a line: `tuning.jsonl` (read them,
 * run them, tune the engine to them) and `held-out.jsonl`, WHICH NOBODY WHO TUNES THE ASSISTANT
 * ENGINE MAY READ: it measures whether the engine generalises beyond what it was tuned on, so
 * run it only through `npm run eval:assistant` and read only the figures it prints.
 *
 * The split: within each (catalogue, kind) group, in the order the conversations were written,
 * every third one from the second (the 2nd, 5th, 8th, ...) is held out; the others are for tuning.
 * `stranger.jsonl` is a third split, all of it held out like `held-out.jsonl`: conversations written
 * afterwards by someone who never saw the engine's answers nor the tuning conversations, on the
 * three catalogues (most on "luma", a catalogue nobody tunes on).
 * `stranger-2.jsonl` is a fourth, held out the same way: a fresh set by a second stranger, written
 * once the first stranger split's figures had been seen over several rounds of tuning.
 * `stranger-3.jsonl` is a fifth, held out the same way: a fresh set by a third stranger, written
 * once the second stranger split's figures had been seen over several rounds of tuning.
 * `stranger-4.jsonl` is a sixth, held out the same way: a fresh set by a fourth stranger, written
 * once the third stranger split's figures had been seen over several rounds of tuning.
 * Written from shoppers' point of view; README.md beside this file says how they are judged.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Conversation } from "./conversation.ts";

function readConversations(file: string): readonly Conversation[] {
  return readFileSync(path.join(import.meta.dirname, file), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, i) => {
      const conversation = JSON.parse(line) as Conversation;
      if (!conversation.id || !conversation.catalogue || !conversation.kind || !conversation.turns?.length)
        throw new Error(`${file} line ${i + 1}: not a conversation (id, catalogue, kind, turns)`);
      return conversation;
    });
}

export const TUNING = readConversations("tuning.jsonl");
export const HELD_OUT = readConversations("held-out.jsonl");
export const STRANGER = readConversations("stranger.jsonl");
export const STRANGER_2 = readConversations("stranger-2.jsonl");
export const STRANGER_3 = readConversations("stranger-3.jsonl");
export const STRANGER_4 = readConversations("stranger-4.jsonl");
