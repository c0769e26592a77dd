/** The assistant's and negotiator's given name (decisions.md: "The assistant's given name is Ava"). */
export const ASSISTANT_NAME = "Ava";
