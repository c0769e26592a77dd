import type { MerchantConfig } from "@haggle/contract/merchant";
import { Link } from "react-router";
import { useConfigSave } from "../../hooks/config-save";
import { useConfigSectionForm } from "../../hooks/config-section-form";
import { ceilingBelowLimits } from "../../lib/config-conflicts";
import { negotiationBandSentence, typedOr } from "../../lib/config-explanation";
import { readNumber } from "../../lib/config-form";
import { ConfigNumberField } from "./config-number-field";
import { ConfigLoader } from "./config-page";
import { ConfigSectionCard } from "./config-section-card";
import { ConfigUnsavedGuard } from "./config-unsaved-guard";

/** /merchant/escalation-rules: the band of asks Ava passes to the merchant instead of answering. */
export function EscalationRulesPage() {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Escalation Rules</h1>
        <p className="text-muted-foreground">
          When a shopper asks for more than Ava may give on her own, but no more than the ceiling, she says
          she will check with her manager and the ask comes to your{" "}
          <Link to="/merchant/approvals" className="font-medium text-foreground underline underline-offset-4">
            approvals
          </Link>
          . Your answer reaches the shopper's chat at once. Asks above the ceiling are declined with the best
          counter-offer Ava may make.
        </p>
      </div>
      <ConfigLoader>{(config) => <EscalationForm merchantConfig={config} />}</ConfigLoader>
    </div>
  );
}

function EscalationForm({ merchantConfig }: { merchantConfig: MerchantConfig }) {
  const { config, updatedAt } = merchantConfig;
  const form = useConfigSectionForm("escalation_rules", config.escalation_rules);
  const { save, pending, serverError } = useConfigSave();
  const limits = config.negotiation_limits;
  const ceiling = {
    pct: typedOr(readNumber(form.values.ceiling_pct), config.escalation_rules.ceiling_pct),
    amount: typedOr(readNumber(form.values.ceiling_amount), config.escalation_rules.ceiling_amount),
  };
  const autoPct = limits.max_auto_discount_pct;
  const bandEnd = Math.min(100, Math.max(ceiling.pct, autoPct));
  return (
    <>
      <ConfigUnsavedGuard dirty={form.dirty} />
      <ConfigSectionCard
        title="Escalation ceiling"
        description={
          <>
            The ceiling cannot be below Ava's own limit ({`${autoPct}%`}), which you set in{" "}
            <Link to="/merchant/negotiation-config" className="underline underline-offset-4">
              Negotiation Configuration
            </Link>
            .
          </>
        }
        savedAt={updatedAt.escalation_rules}
        dirty={form.dirty}
        pending={pending}
        serverError={serverError}
        onSave={() => save([form], { escalation_rules: ceilingBelowLimits(form.values, limits) })}
      >
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
          <ConfigNumberField form={form} path="ceiling_pct" />
          <ConfigNumberField form={form} path="ceiling_amount" />
        </div>
        <div className="flex flex-col gap-2">
          {/* The band drawn on a 0-100% scale; the sentence below says the same in words. */}
          <div aria-hidden="true" className="flex h-3 w-full overflow-hidden rounded-full bg-destructive/25">
            <div className="bg-emerald-500" style={{ width: `${Math.min(100, autoPct)}%` }} />
            <div
              className="bg-amber-400"
              style={{ width: `${Math.max(0, bandEnd - Math.min(100, autoPct))}%` }}
            />
          </div>
          <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <li className="flex items-center gap-1.5">
              <span className="size-2 rounded-full bg-emerald-500" />
              Ava decides
            </li>
            <li className="flex items-center gap-1.5">
              <span className="size-2 rounded-full bg-amber-400" />
              Comes to you
            </li>
            <li className="flex items-center gap-1.5">
              <span className="size-2 rounded-full bg-destructive/40" />
              Declined
            </li>
          </ul>
          <p className="rounded-md bg-muted p-3 text-sm" aria-live="polite" data-testid="negotiation-band">
            {negotiationBandSentence({ pct: autoPct, amount: limits.max_auto_discount_amount }, ceiling)}
          </p>
        </div>
      </ConfigSectionCard>
    </>
  );
}
