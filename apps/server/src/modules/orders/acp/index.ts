/**
 * The ACP checkout's front door inside the orders module: what the rest of the module may use.
 * The UCP checkout runs over the same session (its steps, the address reading, the body reader,
 * idempotency keys, the request fingerprint); the module's MCP tools open sessions and serve
 * ACP's MCP binding; the module's own front door passes on the key pruning and the webhooks.
 */
export { toAddressInput } from "./acp-address.ts";
export { parseBody } from "./acp-body.ts";
export { acpDeps } from "./acp.routes.ts";
export { acpMcpTools } from "./acp-mcp.tools.ts";
export {
  type AcpDeps,
  cancelAcpSession,
  changeAcpSession,
  completeAcpSession,
  createAcpSession,
  getAcpSession,
} from "./acp-sessions.service.ts";
export {
  claimIdempotencyKey,
  pruneIdempotencyKeys,
  recordIdempotentAnswer,
  releaseIdempotencyKey,
} from "./acp-sessions.store.ts";
export { requestFingerprint } from "./acp-signature.ts";
export { sendAcpWebhooks } from "./acp-webhooks.service.ts";
