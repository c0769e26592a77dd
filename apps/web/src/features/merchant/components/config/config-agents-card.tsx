import { toast } from "@/lib/toast";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { useSaveConfig } from "../../api/config-queries";
import { CONFIG_SAVED, configSaveFailure } from "../../lib/config-feedback";
import { ConfigSectionCard } from "./config-section-card";

export interface AgentSwitchState {
  /** What the switch shows: the merchant's unsaved choice, else the saved one. */
  value: boolean;
  dirty: boolean;
  set: (value: boolean) => void;
  reset: () => void;
}

/**
 * The settings' 'AI agents' card: whether shoppers' AI agents may negotiate with Ava
 * over MCP. Off, an agent still browses, fills the cart and checks out at the cart's prices.
 */
export function ConfigAgentsCard({
  state,
  savedAt,
}: {
  state: AgentSwitchState;
  savedAt: string | null | undefined;
}) {
  const mutation = useSaveConfig();
  const serverError = mutation.isError ? (configSaveFailure(mutation.error).description ?? null) : null;
  const save = () =>
    mutation.mutate([{ configType: "agents", section: { allow_negotiation: state.value } }], {
      onSuccess: () => {
        state.reset();
        toast.success(CONFIG_SAVED.title);
      },
      onError: (error) => {
        const failure = configSaveFailure(error);
        toast.error(
          failure.title,
          failure.description === undefined ? undefined : { description: failure.description },
        );
      },
    });
  return (
    <ConfigSectionCard
      title="AI agents"
      description="Shoppers may send an AI agent to shop for them over MCP, with an API key from their account page."
      savedAt={savedAt}
      dirty={state.dirty}
      pending={mutation.isPending}
      serverError={serverError}
      onSave={save}
    >
      <div className="flex items-start gap-3">
        <Switch
          id="agents-allow_negotiation"
          checked={state.value}
          onCheckedChange={state.set}
          aria-describedby="agents-allow_negotiation-help"
        />
        <div className="flex flex-col gap-1">
          <Label htmlFor="agents-allow_negotiation">Let shoppers' AI agents negotiate</Label>
          <p id="agents-allow_negotiation-help" className="text-sm text-muted-foreground">
            {state.value
              ? "Agents haggle with Ava within the same limits as people; their negotiations are counted apart on the dashboard."
              : "Agents may browse, fill the cart and check out at the cart's prices, but Ava does not negotiate with them."}
          </p>
        </div>
      </div>
    </ConfigSectionCard>
  );
}
