/**
 * The mail module's front door: all that code outside the module (other modules, app.ts,
 * server-runtime.ts, cli/) may import of it. `npm run lint:deps` refuses an import past it.
 */
export { sendAccountMail } from "./account-mail.service.ts";
export { MailSender } from "./mail-sender.service.ts";
export { mailRoutes } from "./mail.routes.ts";
