import type { MerchantConfig } from "@haggle/contract/merchant";
import { LOYALTY_TIERS } from "@haggle/domain/negotiation/loyalty-tiers";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { settingCents } from "@haggle/domain/merchant/seller-config";
import { formatMoney } from "@haggle/domain/pricing/money";
import { useMerchantConfig } from "../../api/config-queries";
import { useConfigSave } from "../../hooks/config-save";
import { type ConfigSectionForm, useConfigSectionForm } from "../../hooks/config-section-form";
import { limitsAboveCeiling } from "../../lib/config-conflicts";
import { negotiationBandSentence, typedOr } from "../../lib/config-explanation";
import { readNumber } from "../../lib/config-form";
import { ConfigChoiceField } from "./config-choice-field";
import { type AgentSwitchState, ConfigAgentsCard } from "./config-agents-card";
import { ConfigCurrencyCard } from "./config-currency-card";
import { ConfigNumberField } from "./config-number-field";
import { ConfigSectionCard } from "./config-section-card";
import { ConfigTryAva } from "./config-try-ava";
import { ConfigUnsavedGuard } from "./config-unsaved-guard";

/** Loads the settings, then shows `children` with them; a spinner or a retry meanwhile. */
export function ConfigLoader({ children }: { children: (config: MerchantConfig) => ReactNode }) {
  const query = useMerchantConfig();
  if (query.isPending) return <Spinner aria-label="Loading the settings" className="py-24" />;
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg font-medium">The settings could not be loaded.</p>
        <Button onClick={() => void query.refetch()}>Try again</Button>
      </div>
    );
  }
  return children(query.data);
}

/** /merchant/negotiation-config: the three tabs of settings Ava and the checkout follow. */
export function NegotiationConfigPage() {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Negotiation Configuration</h1>
        <p className="text-muted-foreground">
          How far Ava may go on her own, what loyal shoppers get, and the rules every negotiation and checkout
          follows.
        </p>
      </div>
      <ConfigLoader>{(config) => <ConfigTabs merchantConfig={config} />}</ConfigLoader>
    </div>
  );
}

function UnsavedMark({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <>
      <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-amber-500" />
      <span className="sr-only">(unsaved changes)</span>
    </>
  );
}

/** On a phone the three tabs share one row, a long name on two lines, rather than leave one alone below. */
const TAB_TRIGGER = "py-1.5 text-center leading-tight whitespace-normal sm:whitespace-nowrap";

function ConfigTabs({ merchantConfig }: { merchantConfig: MerchantConfig }) {
  const { config, updatedAt } = merchantConfig;
  // The forms live here, not in the tabs, so switching tabs keeps what was typed.
  const limits = useConfigSectionForm("negotiation_limits", config.negotiation_limits);
  const tiers = useConfigSectionForm("tier_benefits", config.tier_benefits);
  const rules = useConfigSectionForm("global_rules", config.global_rules);
  const pricing = useConfigSectionForm("pricing", config.pricing);
  const agents = useAgentSwitch(config.agents.allow_negotiation);

  return (
    <>
      <Tabs defaultValue="limits" className="flex flex-col gap-2">
        <ConfigUnsavedGuard
          dirty={limits.dirty || tiers.dirty || rules.dirty || pricing.dirty || agents.dirty}
        />
        <TabsList className="grid h-auto grid-cols-3 gap-1 sm:flex sm:h-9">
          <TabsTrigger value="limits" className={TAB_TRIGGER}>
            Negotiation Limits
            <UnsavedMark show={limits.dirty} />
          </TabsTrigger>
          <TabsTrigger value="tiers" className={TAB_TRIGGER}>
            Tier Benefits
            <UnsavedMark show={tiers.dirty} />
          </TabsTrigger>
          <TabsTrigger value="rules" className={TAB_TRIGGER}>
            Global Rules
            <UnsavedMark show={rules.dirty || pricing.dirty || agents.dirty} />
          </TabsTrigger>
        </TabsList>
        <TabsContent value="limits">
          <LimitsTab form={limits} merchantConfig={merchantConfig} />
        </TabsContent>
        <TabsContent value="tiers">
          <TierBenefitsTab form={tiers} savedAt={updatedAt.tier_benefits} />
        </TabsContent>
        <TabsContent value="rules" className="flex flex-col gap-6">
          <GlobalRulesTab rules={rules} pricing={pricing} merchantConfig={merchantConfig} />
          <ConfigAgentsCard state={agents} savedAt={updatedAt.agents} />
          <ConfigCurrencyCard />
        </TabsContent>
      </Tabs>
      {/* Below the tabs: whichever tab is open, Ava answers with every unsaved edit on the page. */}
      <ConfigTryAva forms={[limits, tiers, rules, pricing]} />
    </>
  );
}

/** The agent switch's state: the merchant's unsaved choice, else the saved value (live refreshes follow). */
function useAgentSwitch(saved: boolean): AgentSwitchState {
  const [typed, setTyped] = useState<boolean | null>(null);
  const value = typed ?? saved;
  return { value, dirty: value !== saved, set: setTyped, reset: () => setTyped(null) };
}

function LimitsTab({
  form,
  merchantConfig,
}: {
  form: ConfigSectionForm<"negotiation_limits">;
  merchantConfig: MerchantConfig;
}) {
  const { save, pending, serverError } = useConfigSave();
  const saved = merchantConfig.config.negotiation_limits;
  const ceiling = merchantConfig.config.escalation_rules;
  const sentence = negotiationBandSentence(
    {
      pct: typedOr(readNumber(form.values.max_auto_discount_pct), saved.max_auto_discount_pct),
      amount: typedOr(readNumber(form.values.max_auto_discount_amount), saved.max_auto_discount_amount),
    },
    { pct: ceiling.ceiling_pct, amount: ceiling.ceiling_amount },
  );
  return (
    <ConfigSectionCard
      title="Negotiation Limits"
      description="Ava never goes past these on her own. Both caps apply: the lower one wins for each cart."
      savedAt={merchantConfig.updatedAt.negotiation_limits}
      dirty={form.dirty}
      pending={pending}
      serverError={serverError}
      onSave={() => save([form], { negotiation_limits: limitsAboveCeiling(form.values, ceiling) })}
    >
      <div className="grid grid-cols-1 gap-6 md:grid-cols-3">
        <ConfigNumberField form={form} path="max_auto_discount_pct" />
        <ConfigNumberField form={form} path="max_auto_discount_amount" />
        <ConfigNumberField form={form} path="bundling_discount_bonus" />
      </div>
      <ConfigChoiceField form={form} path="stance" />
      <p className="rounded-md bg-muted p-3 text-sm" aria-live="polite" data-testid="negotiation-band">
        {sentence}
      </p>
    </ConfigSectionCard>
  );
}

function TierBenefitsTab({
  form,
  savedAt,
}: {
  form: ConfigSectionForm<"tier_benefits">;
  savedAt: string | null | undefined;
}) {
  const { save, pending, serverError } = useConfigSave();
  const thresholdsError = form.groupErrors.thresholds ?? form.groupErrors[""];
  return (
    <ConfigSectionCard
      title="Tier Benefits"
      description="Loyal shoppers get extra room in the negotiation. A shopper's tier follows their lifetime spend."
      savedAt={savedAt}
      dirty={form.dirty}
      pending={pending}
      serverError={serverError}
      onSave={() => save([form])}
    >
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-1 font-medium">Extra discount points</legend>
        <p className="text-sm text-muted-foreground">
          Added to what Ava may give a shopper of each tier; never past the negotiation limits.
        </p>
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {LOYALTY_TIERS.map((tier) => (
            <ConfigNumberField key={tier} form={form} path={`extra_points.${tier}`} />
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-1 font-medium">Tier thresholds (lifetime value)</legend>
        <p className="text-sm text-muted-foreground">
          New Customer: no order yet. Bronze: from the first order.
        </p>
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <ConfigNumberField form={form} path="thresholds.SILVER" />
          <ConfigNumberField form={form} path="thresholds.GOLD" />
          <ConfigNumberField form={form} path="thresholds.PLATINUM" />
        </div>
        {thresholdsError !== undefined && (
          <p className="text-sm font-medium text-destructive">{thresholdsError}</p>
        )}
      </fieldset>
    </ConfigSectionCard>
  );
}

function GlobalRulesTab({
  rules,
  pricing,
  merchantConfig,
}: {
  rules: ConfigSectionForm<"global_rules">;
  pricing: ConfigSectionForm<"pricing">;
  merchantConfig: MerchantConfig;
}) {
  const { save, pending, serverError } = useConfigSave();
  const { updatedAt } = merchantConfig;
  const ceiling = merchantConfig.config.escalation_rules;
  const savedTimes = [updatedAt.global_rules, updatedAt.pricing].filter(
    (t): t is string => typeof t === "string",
  );
  const savedAt = savedTimes.sort().at(-1) ?? null;
  return (
    <ConfigSectionCard
      title="Global Rules"
      description="Rules for every negotiation, and the shipping and tax every screen and the checkout charge."
      savedAt={savedAt}
      dirty={rules.dirty || pricing.dirty}
      pending={pending}
      serverError={serverError}
      onSave={() => save([rules, pricing])}
    >
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 font-medium">Negotiation</legend>
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <ConfigNumberField form={rules} path="offer_expiry_minutes" />
          <ConfigNumberField form={rules} path="max_rounds" />
        </div>
        <p className="text-sm">
          Escalation ceiling:{" "}
          {`${ceiling.ceiling_pct}% and ${formatMoney(settingCents(ceiling.ceiling_amount))}`}.{" "}
          <Link
            to="/merchant/escalation-rules"
            className="font-medium underline underline-offset-4 focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            Change it in Escalation Rules
          </Link>
        </p>
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 font-medium">Shipping and tax</legend>
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <ConfigNumberField form={pricing} path="free_shipping_threshold" />
          <ConfigNumberField form={pricing} path="flat_shipping" />
          <ConfigNumberField form={pricing} path="tax_rate_pct" />
        </div>
      </fieldset>
    </ConfigSectionCard>
  );
}
