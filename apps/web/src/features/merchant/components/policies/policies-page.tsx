import type { MerchantPolicies } from "@haggle/contract/policies";
import { POLICY_MAX_LENGTH } from "@haggle/domain/policies/policy-pages";
import { useId, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/error-message";
import { useMerchantPolicies, useSavePolicy } from "../../api/policies-queries";
import { ConfigSectionCard } from "../config/config-section-card";

type Policy = MerchantPolicies["items"][number];

const DESCRIPTIONS: Record<Policy["kind"], string> = {
  shipping: "Where you ship, how long it takes and what it costs.",
  returns: "How long shoppers have to return things, what can't be returned, and how refunds work.",
  warranty: "What you guarantee and for how long.",
  faq: "Questions shoppers ask you often, each as a heading (## Do you ship abroad?) with its answer.",
};

const PLACEHOLDERS: Record<Policy["kind"], string> = {
  shipping: "We ship within 2 business days.\n\n## Delivery times\n…",
  returns: "You can return anything within 30 days of delivery.\n\n## Sale items\n…",
  warranty: "Everything we sell has a 1-year warranty.\n\n## What it covers\n…",
  faq: "## Do you ship abroad?\nNot yet.\n\n## Can I change my order?\n…",
};

function PolicyCard({ policy }: { policy: Policy }) {
  const [text, setText] = useState(policy.body);
  const save = useSavePolicy();
  const fieldId = useId();
  const countId = useId();
  const dirty = text !== policy.body;
  const tooLong = text.length > POLICY_MAX_LENGTH;
  const serverError = tooLong
    ? `A policy page can be at most ${POLICY_MAX_LENGTH.toLocaleString("en-US")} characters.`
    : save.isError
      ? errorMessage(save.error, "The page could not be saved. Please try again.")
      : null;
  return (
    <ConfigSectionCard
      title={policy.title}
      description={
        <>
          {DESCRIPTIONS[policy.kind]}{" "}
          {policy.updatedAt ? (
            <a className="underline underline-offset-4" href={policy.path} target="_blank" rel="noreferrer">
              View the page
            </a>
          ) : (
            "Empty pages are not shown in the shop."
          )}
        </>
      }
      savedAt={policy.updatedAt}
      neverSaved="Not published: the page has no text yet."
      dirty={dirty}
      pending={save.isPending}
      serverError={serverError}
      onSave={() => {
        if (!tooLong)
          save.mutate(
            { kind: policy.kind, body: text },
            {
              onSuccess: (all) => {
                setText(all.items.find((p) => p.kind === policy.kind)?.body ?? "");
              },
            },
          );
      }}
    >
      <div className="flex flex-col gap-2">
        <label htmlFor={fieldId} className="text-sm font-medium">
          {policy.title} page (Markdown)
        </label>
        <Textarea
          id={fieldId}
          value={text}
          rows={10}
          placeholder={PLACEHOLDERS[policy.kind]}
          aria-describedby={countId}
          aria-invalid={tooLong || undefined}
          onChange={(event) => setText(event.target.value)}
          className="font-mono"
        />
        <p id={countId} className="text-xs text-muted-foreground">
          {text.length.toLocaleString("en-US")} of {POLICY_MAX_LENGTH.toLocaleString("en-US")} characters.
          Headings (##), lists (-), **bold** and links work; HTML is shown as text.
        </p>
      </div>
    </ConfigSectionCard>
  );
}

/** The merchant's shop pages: shipping, returns, warranty and FAQ, each saved on its own. */
export function PoliciesPage() {
  const policies = useMerchantPolicies();
  if (policies.isPending) return <Spinner aria-label="Loading pages" className="py-24" />;
  if (policies.isError) {
    return (
      <p role="alert" className="py-12 text-center text-destructive">
        {errorMessage(policies.error, "The pages could not be loaded. Please try again.")}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Shop pages</h1>
        <p className="text-muted-foreground">
          What shoppers read before they buy. Published pages are linked at the foot of every page of the
          shop, listed for search engines, and answer shoppers' questions in the assistant and their agents.
        </p>
      </div>
      {policies.data.items.map((policy) => (
        <PolicyCard key={policy.kind} policy={policy} />
      ))}
    </div>
  );
}
